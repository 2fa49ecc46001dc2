import type { SiteKey } from '../../locales/areas/site.en';
import { catalogueSource, useAreaPageTitle, useAreaT, type Translate as AnyTranslate } from './index';

export { pageTitle, useLanguage, type MessageParams } from './index';
export type MessageKey = SiteKey;
export type Translate = AnyTranslate<SiteKey>;

/** The public site' texts, one language per download. */
export const siteCatalogues = catalogueSource(async (language) =>
  language === 'en' ? (await import('../../locales/areas/site.en')).siteEn : (await import('../../locales/areas/site.es')).siteEs,
);

/** A translator of the public site' keys only. */
export const useT: () => Translate = useAreaT;
export const usePageTitle: (key: SiteKey) => void = useAreaPageTitle;
