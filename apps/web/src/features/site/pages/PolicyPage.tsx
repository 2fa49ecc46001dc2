import { SiteRoute } from '@lend/contracts';
import { privacyNotice } from '../legal/privacy-notice';
import { LegalPage } from './LegalPage';

export function PolicyPage() {
  return <LegalPage path={SiteRoute.policy} text={privacyNotice} />;
}
