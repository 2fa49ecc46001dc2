import { fillTemplate, type Language, type TemplateValues } from '@lend/contracts';

/** A catalogue of texts the server writes, each key in every language a request can name. */
export type LanguageTexts<K extends string> = Record<Language, Record<K, string>>;

/** The catalogue's lookup: a key's text in the request's language, its `{name}` placeholders filled and its plurals chosen by that language's rules. */
export function textLookup<K extends string>(texts: LanguageTexts<K>): (language: Language, key: K, values?: TemplateValues) => string {
  return (language, key, values = {}) => fillTemplate(texts[language][key], values, language);
}
