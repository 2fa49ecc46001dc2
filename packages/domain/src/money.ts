/**
 * Money is an integer number of minor units (centavos, paise) from the database to the
 * wire. It becomes text only in `formatAmount`.
 */
export type MinorUnits = number;

export class MoneyError extends Error {
  override name = 'MoneyError';
}

export function assertMinorUnits(value: number, label = 'amount'): MinorUnits {
  if (!Number.isSafeInteger(value)) {
    throw new MoneyError(`${label} must be a whole number of minor units, got ${value}`);
  }
  return value;
}

export function sumMinor(values: readonly MinorUnits[]): MinorUnits {
  return assertMinorUnits(
    values.reduce((total, value) => total + assertMinorUnits(value), 0),
    'sum',
  );
}

/**
 * Parses a decimal amount written by a person ("1,234.5", "1500") into minor units,
 * without passing through floating point. Returns null for anything that is not an amount.
 */
export function parseMajorAmount(text: string): MinorUnits | null {
  const match = /^\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const whole = Number((match[1] ?? '0').replace(/,/g, ''));
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}
