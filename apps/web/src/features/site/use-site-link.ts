import { flagFromLanguage, type Language } from '@lend/contracts';
import { useLanguage } from '../../lib/i18n/site';

/**
 * Site links carry the page's language flag, so every page reads in the language the visitor
 * chose. They are plain links (each site page is its own prerendered document), so the flag is
 * always written out: the prerendered page and the page in the browser then have the same links.
 */
export function useSiteLink(): (pathname: string) => string {
  const search = `?language=${flagFromLanguage(useLanguage())}`;
  return (pathname) => `${pathname}${search}`;
}

/** The other language and the query that opens the current page in it. */
export function useOtherLanguage(): { language: Language; search: string } {
  const other: Language = useLanguage() === 'en' ? 'es' : 'en';
  return { language: other, search: `?language=${flagFromLanguage(other)}` };
}
