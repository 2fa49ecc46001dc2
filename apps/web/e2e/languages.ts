import { LanguageFlag, type Language } from '@lend/contracts';
import { en, type Catalogue } from '../src/locales/en';
import { es } from '../src/locales/es';

/** Every browser spec runs once per language flag: 1 English, 2 Spanish. */
export const LANGUAGE_CASES: readonly { flag: string; language: Language; text: Catalogue }[] = [
  { flag: LanguageFlag.English, language: 'en', text: en },
  { flag: LanguageFlag.Spanish, language: 'es', text: es },
];

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
