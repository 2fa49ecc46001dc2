import { createContext, createElement, use, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { fillTemplate, type Language } from '@lend/contracts';
import type { commonEn } from '../../locales/en/common';

/**
 * Each area ships its own catalogue, one language at a time (`locales/areas/<area>.<language>.ts`).
 * Code shared by the areas (ui/, lib/, the not-found and error screens) uses the keys every area
 * carries; a screen uses its area's `useT` (`lib/i18n/<area>`).
 */
export type CommonKey = keyof typeof commonEn;
export type MessageKey = CommonKey;
export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate<K extends string = CommonKey> = (key: K, params?: MessageParams) => string;
export type Catalogue<K extends string = string> = Readonly<Record<CommonKey, string>> & Readonly<Record<K, string>>;

/** `{name}` placeholders are filled from params; `{brand}` always has the product name. */
export function createTranslator<K extends string>(catalogue: Catalogue<K>, language: Language = 'en'): Translate<K | CommonKey> {
  // A key the catalogue lacks (only possible past the typecheck) stays visible rather than blank.
  // `{n, plural, one {…} other {…}}` takes the option of the catalogue's language (docs/decisions/234).
  return (key, params) => fillTemplate(catalogue[key] ?? key, { brand: catalogue['brand.name'], ...params }, language);
}

/** An area's catalogues: each language downloaded once, when first asked for. */
export type CatalogueSource = {
  load(language: Language): Promise<Catalogue>;
  loaded(language: Language): Catalogue | undefined;
  /** A catalogue already in hand (pages rendered at build time). */
  provide(language: Language, catalogue: Catalogue): void;
};

export function catalogueSource(load: (language: Language) => Promise<Catalogue>): CatalogueSource {
  const loading = new Map<Language, Promise<Catalogue>>();
  const ready = new Map<Language, Catalogue>();
  return {
    load(language) {
      const known = ready.get(language);
      if (known) return Promise.resolve(known);
      let pending = loading.get(language);
      if (!pending) {
        pending = load(language).then((catalogue) => {
          ready.set(language, catalogue);
          return catalogue;
        });
        // A failed download may be retried by the next render.
        pending.catch(() => loading.delete(language));
        loading.set(language, pending);
      }
      return pending;
    },
    loaded: (language) => ready.get(language),
    provide: (language, catalogue) => void ready.set(language, catalogue),
  };
}

type I18n = { language: Language; t: Translate<string> };

const I18nContext = createContext<I18n | null>(null);

/**
 * The area's texts in the page's language. The area loads the first catalogue before it renders;
 * an address in the other language suspends here until that one has arrived.
 */
export function I18nProvider({ language, catalogues, children }: { language: Language; catalogues: CatalogueSource; children: ReactNode }) {
  const catalogue = catalogues.loaded(language) ?? use(catalogues.load(language));
  const value = useMemo<I18n>(() => ({ language, t: createTranslator<string>(catalogue, language) }), [language, catalogue]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return createElement(I18nContext.Provider, { value }, children);
}

function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useT and useLanguage need an I18nProvider above them');
  return i18n;
}

/** The translator of the area's catalogue; each area's module narrows it to that area's keys. */
export function useAreaT(): Translate<string> {
  return useI18n().t;
}

export const useT: () => Translate = useAreaT;

export function useLanguage(): Language {
  return useI18n().language;
}

/** A page's title as the tab shows it: the page's own, then the product name. */
export function pageTitle<K extends string>(t: Translate<K | 'brand.name'>, key: NoInfer<K | 'brand.name'>): string {
  return `${t(key)} · ${t('brand.name')}`;
}

/** Each screen names its title; the product name follows it in the tab and task switcher. */
export function useAreaPageTitle(key: string): void {
  const t = useAreaT();
  useEffect(() => {
    document.title = pageTitle(t, key);
  }, [key, t]);
}

export const usePageTitle: (key: CommonKey) => void = useAreaPageTitle;

/** Catalogues in hand in both languages (pages rendered at build time, tests): nothing to download. */
export function staticCatalogues(catalogues: Readonly<Record<Language, Catalogue>>): CatalogueSource {
  const source = catalogueSource(async (language) => catalogues[language]);
  for (const language of ['en', 'es'] as const) source.provide(language, catalogues[language]);
  return source;
}
