import { flagFromLanguage, type Language } from '@lend/contracts';
import { useLanguage } from '../../lib/i18n';
import { usePageParams } from '../../lib/page-params';

/** Site links keep the visitor's language flag, so every page reads in the language they chose. */
export function useSiteLink(): (pathname: string) => { pathname: string; search: string } {
  const { language } = usePageParams();
  const search = language ? `?${new URLSearchParams({ language }).toString()}` : '';
  return (pathname) => ({ pathname, search });
}

/** The other language and the query that opens the current page in it. */
export function useOtherLanguage(): { language: Language; search: string } {
  const other: Language = useLanguage() === 'en' ? 'es' : 'en';
  return { language: other, search: `?language=${flagFromLanguage(other)}` };
}
