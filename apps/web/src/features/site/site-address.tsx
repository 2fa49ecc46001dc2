import { languageFromFlag, LanguageFlag, SITE_MARKET_PARAM, siteMarketFromQuery, siteMarketOf, type Language, type SiteMarket } from '@lend/contracts';
import { createContext, useContext } from 'react';

/**
 * The address of the page being shown. Each site page is its own document, so it never changes
 * while the page is open; the prerender passes the address it renders for, the browser its own.
 */
export type SiteAddress = { pathname: string; search: string };

const SiteAddressContext = createContext<SiteAddress>({ pathname: '/', search: '' });

export const SiteAddressProvider = SiteAddressContext.Provider;

export function useSiteAddress(): SiteAddress {
  return useContext(SiteAddressContext);
}

export function siteLanguage(address: SiteAddress): Language {
  return languageFromFlag(new URLSearchParams(address.search).get('language'));
}

/** The market the address asks for (`?market=MX`), or undefined when it names none (docs/decisions/147). */
export function siteMarket(address: SiteAddress): SiteMarket | undefined {
  return siteMarketFromQuery(new URLSearchParams(address.search).get(SITE_MARKET_PARAM));
}

/**
 * The market a page's text is for: the one its address names, else its language's (Spanish for
 * Mexico, English for India: docs/decisions/147, 231).
 */
export function pageMarket(address: SiteAddress): SiteMarket {
  return siteMarketOf(siteMarket(address), siteLanguage(address));
}

/** The market of the page being shown (`pageMarket` of its address). */
export function useSiteMarket(): SiteMarket {
  return pageMarket(useSiteAddress());
}

/** The address a prerendered page stands for: Spanish pages carry no flag, English ones `language=1`. */
export function prerenderedAddress(pathname: string, language: Language, market?: SiteMarket): SiteAddress {
  const query = new URLSearchParams();
  if (language === 'en') query.set('language', LanguageFlag.English);
  if (market) query.set(SITE_MARKET_PARAM, market);
  const search = query.toString();
  return { pathname, search: search ? `?${search}` : '' };
}
