import { SiteRoute } from '@lend/contracts';
import { MarketSwitch } from '../components/MarketSwitch';
import { loanTerms } from '../legal/loan-terms';
import { LegalDocumentView } from '../legal/LegalDocumentView';
import { useSiteMarket } from '../site-address';
import { usePageMeta } from '../use-page-meta';

/**
 * The loan terms of one market, in the visitor's language (docs/decisions/147): the app links here
 * with the market of the product or order in hand; a visitor switches market on the page.
 */
export function LoanPage() {
  usePageMeta(SiteRoute.loan);
  const market = useSiteMarket();
  return (
    <article className="site-page">
      <MarketSwitch pathname={SiteRoute.loan} market={market} label="site.loanTerms.marketsLabel" testId="terms-market" />
      <LegalDocumentView text={loanTerms} titleLevel={1} sectionLevel={2} market={market} />
    </article>
  );
}
