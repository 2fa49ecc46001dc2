import { createContext, createElement, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { fillTemplate, type Language } from '@lend/contracts';
import { en, type Catalogue, type MessageKey } from '../locales/en';
import { es } from '../locales/es';

export type { MessageKey } from '../locales/en';
export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const catalogues: Record<Language, Catalogue> = { en, es };

/** `{name}` placeholders are filled from params; `{brand}` always has the product name. */
export function createTranslator(language: Language): Translate {
  const catalogue = catalogues[language];
  return (key, params) => {
    return fillTemplate(catalogue[key], { brand: catalogue['brand.name'], ...params });
  };
}

type I18n = { language: Language; t: Translate };

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const value = useMemo<I18n>(() => ({ language, t: createTranslator(language) }), [language]);
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

export function useT(): Translate {
  return useI18n().t;
}

export function useLanguage(): Language {
  return useI18n().language;
}

/** A page's title as the tab shows it: the page's own, then the product name. */
export function pageTitle(t: Translate, key: MessageKey): string {
  return `${t(key)} · ${t('brand.name')}`;
}

/** Each screen names its title; the product name follows it in the tab and task switcher. */
export function usePageTitle(key: MessageKey): void {
  const t = useT();
  useEffect(() => {
    document.title = pageTitle(t, key);
  }, [key, t]);
}
