import { flagFromLanguage, SITE_MARKETS, siteMarketLink, type SiteMarket } from '@lend/contracts';
import { useLanguage, useT, type MessageKey } from '../../../lib/i18n/site';

const MARKET_NAMES: Record<SiteMarket, MessageKey> = { MX: 'site.loanTerms.market.MX', IN: 'site.loanTerms.market.IN' };

/**
 * Links to a page that differs by market, one per market in the page's language, the market shown
 * marked as the current one (docs/decisions/147, 232).
 */
export function MarketSwitch({ pathname, market, label, testId }: { pathname: string; market: SiteMarket; label: MessageKey; testId: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <nav className="site-markets" aria-label={t(label)}>
      <ul>
        {SITE_MARKETS.map((each) => (
          <li key={each}>
            <a href={siteMarketLink(pathname, each, flagFromLanguage(language))} aria-current={each === market ? 'page' : undefined} data-testid={`${testId}-${each}`}>
              {t(MARKET_NAMES[each])}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
