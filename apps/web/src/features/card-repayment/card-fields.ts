import { CardLimits } from '@lend/contracts';

/** The SMS code as its field keeps it: digits only, so a pasted "123 456" becomes "123456". */
export function codeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, CardLimits.codeLength);
}

export function isCompleteCode(code: string): boolean {
  return code.length === CardLimits.codeLength && /^\d+$/.test(code);
}

/** The expiry field as typed: up to 4 digits, the slash added once the month is complete. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export type Expiry = { month: number; year: number };

/** `MM/YY` as a month and a four-digit year; null when it is not a real month. */
export function parseExpiry(input: string): Expiry | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(input.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card works through the last day of its expiry month. */
export function isExpired(expiry: Expiry, now: Date): boolean {
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  return expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth);
}
