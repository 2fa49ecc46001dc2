import { SiteRoute } from '@lend/contracts';
import { userTerms } from '../legal/user-terms';
import { LegalPage } from './LegalPage';

export function UserPage() {
  return <LegalPage path={SiteRoute.user} text={userTerms} />;
}
