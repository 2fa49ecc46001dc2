/**
 * Text a visitor typed into the prerendered page before its code took over (docs/decisions/148).
 * The browser renders over the prerendered markup, bringing each field to the value its screen
 * holds; a form starts from what its fields held then, so nothing typed is lost.
 */
let typed: ReadonlyMap<string, string> = new Map();

/** Called just before the page's code renders over the markup. */
export function rememberTypedFields(container: ParentNode): void {
  const fields = container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]');
  typed = new Map([...fields].filter((field) => field.value !== '').map((field) => [field.name, field.value]));
}

/** What the named field held when the page's code took over; empty in the prerender. */
export function typedField(name: string): string {
  return typed.get(name) ?? '';
}
