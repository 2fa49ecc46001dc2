import { SiteRoute } from '@lend/contracts';
import { MarketSwitch } from '../components/MarketSwitch';
import { privacyNotice } from '../legal/privacy-notice';
import { pageMarket, useSiteAddress } from '../site-address';
import { LegalPage } from './LegalPage';

/** The privacy notice of the page's market (docs/decisions/231), with the site around it and a switch to the other market's. */
export function PolicyPage() {
  const market = pageMarket(useSiteAddress());
  return (
    <LegalPage path={SiteRoute.policy} text={privacyNotice} market={market}>
      <MarketSwitch path={SiteRoute.policy} market={market} label="site.privacy.marketsLabel" testId="privacy-market" />
    </LegalPage>
  );
}
