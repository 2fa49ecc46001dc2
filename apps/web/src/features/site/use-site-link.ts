import { flagFromLanguage, SITE_MARKET_PARAM, type Language } from '@lend/contracts';
import { useLanguage } from '../../lib/i18n/site';
import { siteMarket, useSiteAddress } from './site-address';

/**
 * Site links carry the page's language flag, so every page reads in the language the visitor
 * chose, and the market the page's address names, if any, so the next page is that market's too
 * (docs/decisions/232). They are plain links (each site page is its own prerendered document), so
 * the flag is always written out: the prerendered page and the page in the browser then have the
 * same links.
 */
export function useSiteLink(): (pathname: string) => string {
  const market = siteMarket(useSiteAddress());
  const search = `?language=${flagFromLanguage(useLanguage())}${market ? `&${SITE_MARKET_PARAM}=${market}` : ''}`;
  return (pathname) => `${pathname}${search}`;
}

/** The other language and the query that opens the current page in it. */
export function useOtherLanguage(): { language: Language; search: string } {
  const other: Language = useLanguage() === 'en' ? 'es' : 'en';
  return { language: other, search: `?language=${flagFromLanguage(other)}` };
}
