import type { BorrowerKey } from '../../locales/areas/borrower.en';
import { catalogueSource, useAreaPageTitle, useAreaT, type Translate as AnyTranslate } from './index';

export { pageTitle, useLanguage, type MessageParams } from './index';
export type MessageKey = BorrowerKey;
export type Translate = AnyTranslate<BorrowerKey>;

/** The borrower screens' texts, one language per download. */
export const borrowerCatalogues = catalogueSource(async (language) =>
  language === 'en' ? (await import('../../locales/areas/borrower.en')).borrowerEn : (await import('../../locales/areas/borrower.es')).borrowerEs,
);

/** A translator of the borrower screens' keys only. */
export const useT: () => Translate = useAreaT;
export const usePageTitle: (key: BorrowerKey) => void = useAreaPageTitle;
