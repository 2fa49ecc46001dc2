import { flagFromLanguage, SITE_MARKETS, siteMarketLink, type SiteMarket } from '@lend/contracts';
import { useLanguage, useT, type MessageKey } from '../../../lib/i18n/site';

/**
 * Links to a market-dependent page's text for each market, in the page's language, the one shown
 * marked current (docs/decisions/147, 231). `testId`: each link's is `<testId>-<market>`.
 */
export function MarketSwitch({ path, market, label, testId }: { path: string; market: SiteMarket; label: MessageKey; testId: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <nav className="site-page__markets" aria-label={t(label)}>
      <ul>
        {SITE_MARKETS.map((each) => (
          <li key={each}>
            <a href={siteMarketLink(path, each, flagFromLanguage(language))} aria-current={each === market ? 'page' : undefined} data-testid={`${testId}-${each}`}>
              {t(each === 'MX' ? 'site.loanTerms.market.MX' : 'site.loanTerms.market.IN')}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
