import { privacyNotice } from '../legal/privacy-notice';
import { LegalDocumentView } from '../legal/LegalDocumentView';
import { MarketSwitch } from '../components/MarketSwitch';
import { pageMarket, useSiteAddress } from '../site-address';
import { usePageMeta } from '../use-page-meta';
import { PrivacyCentreLink } from './PrivacyCentreLink';

/**
 * The privacy notice on its own (`/PrivacyPolicy`, the app's constant path, `/privacyNotice`, and the
 * frame of the home page): no site chrome, English for language flag 1, Spanish otherwise. The
 * notice is the market's the address names (the app names the borrower's), else the language's
 * (docs/decisions/231).
 */
export function PrivacyNoticePage() {
  const address = useSiteAddress();
  usePageMeta(address.pathname);
  const market = pageMarket(address);
  return (
    <main className="notice" id="content">
      <PrivacyCentreLink />
      <MarketSwitch path={address.pathname} market={market} label="site.privacy.marketsLabel" testId="privacy-market" />
      <LegalDocumentView text={privacyNotice} titleLevel={1} sectionLevel={2} market={market} />
    </main>
  );
}
