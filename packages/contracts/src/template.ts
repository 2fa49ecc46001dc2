export type TemplateValues = Readonly<Record<string, string | number>>;

/**
 * `{name, plural, one {# day} other {# days}}`: the option for the value's plural category in the
 * text's language (Intl.PluralRules), `#` standing for the value; `other` when the category has no
 * option of its own (docs/decisions/234).
 */
const PLURAL = /\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_OPTION = /(\w+)\s*\{([^{}]*)\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, value: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(value);
}

/**
 * Replaces each `{name}` with its value, and each `{name, plural, …}` with the option its value's
 * plural category takes in `language` (English rules when none is named); a placeholder without a
 * value stays as written.
 */
export function fillTemplate(template: string, values: TemplateValues, language = 'en'): string {
  return template
    .replace(PLURAL, (placeholder, name: string, options: string) => {
      const value = values[name];
      const count = typeof value === 'number' ? value : Number(value);
      if (value === undefined || !Number.isFinite(count)) return placeholder;
      const byCategory = new Map([...options.matchAll(PLURAL_OPTION)].map(([, category, text]) => [category ?? '', text ?? '']));
      const chosen = byCategory.get(pluralCategory(language, count)) ?? byCategory.get('other') ?? '';
      return chosen.replace(/#/g, String(value));
    })
    .replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const value = values[name];
      return value === undefined ? placeholder : String(value);
    });
}
