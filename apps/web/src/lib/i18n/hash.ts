import type { HashKey } from '../../locales/areas/hash.en';
import { catalogueSource, useAreaPageTitle, useAreaT, type Translate as AnyTranslate } from './index';

export { pageTitle, useLanguage, type MessageParams } from './index';
export type MessageKey = HashKey;
export type Translate = AnyTranslate<HashKey>;

/** The card repayment and promotion pages' texts, one language per download. */
export const hashCatalogues = catalogueSource(async (language) =>
  language === 'en' ? (await import('../../locales/areas/hash.en')).hashEn : (await import('../../locales/areas/hash.es')).hashEs,
);

/** A translator of the card repayment and promotion pages' keys only. */
export const useT: () => Translate = useAreaT;
export const usePageTitle: (key: HashKey) => void = useAreaPageTitle;
