import type { BackofficeKey } from '../../locales/areas/backoffice.en';
import { catalogueSource, useAreaPageTitle, useAreaT, type Translate as AnyTranslate } from './index';

export { I18nProvider, useLanguage, type MessageParams } from './index';
export type MessageKey = BackofficeKey;
export type Translate = AnyTranslate<BackofficeKey>;

/** The back office's texts, one language per download (docs/decisions/166). */
export const backofficeCatalogues = catalogueSource(async (language) =>
  language === 'en'
    ? (await import('../../locales/areas/backoffice.en')).backofficeEn
    : (await import('../../locales/areas/backoffice.es')).backofficeEs,
);

/** A translator of the back office's keys only. */
export const useT: () => Translate = useAreaT;
export const usePageTitle: (key: BackofficeKey) => void = useAreaPageTitle;
