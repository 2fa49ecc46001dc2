/**
 * The language flag travels in the address as `language`: 1 is English (rupee market),
 * 2 or absent is Spanish (peso market). Anything else falls back to Spanish, the default market.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LanguageFlag = { English: '1', Spanish: '2' } as const;

export function languageFromFlag(flag: string | null | undefined): Language {
  return flag?.trim() === LanguageFlag.English ? 'en' : 'es';
}

export function flagFromLanguage(language: Language): string {
  return language === 'en' ? LanguageFlag.English : LanguageFlag.Spanish;
}
