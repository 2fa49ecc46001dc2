import { flagFromLanguage, SITE_MARKETS, siteMarketLink, SiteRoute } from '@lend/contracts';
import { marketForLanguage } from '@lend/domain';
import { useLanguage, useT } from '../../../lib/i18n/site';
import { loanTerms } from '../legal/loan-terms';
import { LegalDocumentView } from '../legal/LegalDocumentView';
import { siteMarket, useSiteAddress } from '../site-address';
import { usePageMeta } from '../use-page-meta';

/**
 * The loan terms of one market, in the visitor's language (docs/decisions/147): the app links here
 * with the market of the product or order in hand; a visitor switches market on the page.
 */
export function LoanPage() {
  usePageMeta(SiteRoute.loan);
  const t = useT();
  const language = useLanguage();
  const market = siteMarket(useSiteAddress()) ?? marketForLanguage(language);
  return (
    <article className="site-page">
      <nav className="site-page__markets" aria-label={t('site.loanTerms.marketsLabel')}>
        <ul>
          {SITE_MARKETS.map((each) => (
            <li key={each}>
              <a
                href={siteMarketLink(SiteRoute.loan, each, flagFromLanguage(language))}
                aria-current={each === market ? 'page' : undefined}
                data-testid={`terms-market-${each}`}
              >
                {t(each === 'MX' ? 'site.loanTerms.market.MX' : 'site.loanTerms.market.IN')}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <LegalDocumentView text={loanTerms} titleLevel={1} sectionLevel={2} market={market} />
    </article>
  );
}
