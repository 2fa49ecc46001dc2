export type TemplateValues = Readonly<Record<string, string | number>>;

/** Replaces each `{name}` with its value; a placeholder without a value stays as written. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}
