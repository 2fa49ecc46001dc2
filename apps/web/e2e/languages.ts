import { LanguageFlag, type Language } from '@lend/contracts';
import { borrowerEn, type BorrowerCatalogue } from '../src/locales/areas/borrower.en';
import { borrowerEs } from '../src/locales/areas/borrower.es';
import { hashEn, type HashCatalogue } from '../src/locales/areas/hash.en';
import { hashEs } from '../src/locales/areas/hash.es';
import { siteEn, type SiteCatalogue } from '../src/locales/areas/site.en';
import { siteEs } from '../src/locales/areas/site.es';

/** Every text of the three areas, for specs that walk from one area into another. */
type Catalogue = BorrowerCatalogue & HashCatalogue & SiteCatalogue;

/** Every browser spec runs once per language flag: 1 English, 2 Spanish. */
export const LANGUAGE_CASES: readonly { flag: string; language: Language; text: Catalogue }[] = [
  { flag: LanguageFlag.English, language: 'en', text: { ...borrowerEn, ...hashEn, ...siteEn } },
  { flag: LanguageFlag.Spanish, language: 'es', text: { ...borrowerEs, ...hashEs, ...siteEs } },
];

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
