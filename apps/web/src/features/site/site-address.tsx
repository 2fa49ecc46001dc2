import { languageFromFlag, LanguageFlag, type Language } from '@lend/contracts';
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

/** The address a prerendered page stands for: Spanish pages carry no flag, English ones `language=1`. */
export function prerenderedAddress(pathname: string, language: Language): SiteAddress {
  return { pathname, search: language === 'en' ? `?language=${LanguageFlag.English}` : '' };
}
