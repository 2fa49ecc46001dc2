/**
 * What in a sentence is read whole and must not break across lines: dates (2027-01-06), amounts
 * ($5,303.90, ₹1,200.00, with the currency sign) and long numbers (a reference, an order number).
 */
const WHOLE = /([$₹]\s?\d[\d,]*(?:\.\d+)?|\d{4}-\d{2}-\d{2}|\d[\d ,.-]*\d)/u;

export type TextPart = { text: string; whole: boolean };

/** The sentence cut into the parts read whole and the words between them, in order. */
export function runningTextParts(text: string): TextPart[] {
  return text
    .split(new RegExp(WHOLE.source, 'gu'))
    .filter((part) => part !== '')
    .map((part) => ({ text: part, whole: new RegExp(`^${WHOLE.source}$`, 'u').test(part) && /\d/.test(part) }));
}
