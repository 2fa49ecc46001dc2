import type { Language } from './language';

/** The markets a borrower's phone belongs to: Mexico and India. */
export const PHONE_MARKETS = ['MX', 'IN'] as const;
export type PhoneMarket = (typeof PHONE_MARKETS)[number];

/** Where a market's borrowers read the product: Mexico in Spanish, India in English. */
export const MARKET_LANGUAGE: Record<PhoneMarket, Language> = { MX: 'es', IN: 'en' };

export type PhoneRule = { length: number; pattern: RegExp; countryCode: string; hint: Record<Language, string> };

/** National mobile numbers as visitors type them, without the country code (docs/decisions/051). */
export const PHONE_RULES: Record<PhoneMarket, PhoneRule> = {
  MX: {
    length: 10,
    pattern: /^\d{10}$/,
    countryCode: '+52',
    hint: { en: 'Enter your 10-digit phone number.', es: 'Ingrese su número de 10 dígitos.' },
  },
  IN: {
    length: 10,
    pattern: /^[6-9]\d{9}$/,
    countryCode: '+91',
    hint: {
      en: 'Enter your 10-digit mobile number starting with 6, 7, 8 or 9.',
      es: 'Ingrese su número móvil de 10 dígitos que empiece con 6, 7, 8 o 9.',
    },
  },
};

/** Country prefixes a number may be written with: Mexico's +52, India's +91 or its trunk 0. */
const COUNTRY_PREFIXED = /^(?:\+?52|\+?91|0)(\d{10})$/;

function compactPhone(raw: string): string {
  return raw.replace(/[\s().-]/g, '');
}

/**
 * The ten national digits of a phone however it was written (docs/decisions/068): spaces,
 * dashes, dots and parentheses are dropped, and a country prefix is removed when ten digits
 * remain. Anything else comes back compacted but otherwise as written, so the caller's rule
 * refuses it instead of a guess.
 */
export function normalisePhone(raw: string): string {
  const compact = compactPhone(raw);
  return COUNTRY_PREFIXED.exec(compact)?.[1] ?? compact;
}

export function isValidPhone(phone: string, market: PhoneMarket): boolean {
  return PHONE_RULES[market].pattern.test(phone);
}

/**
 * The one stored form of a borrower's phone: E.164 (`+525512345678`, `+919876543210`) for the
 * given market, or undefined when the number is not a valid one of that market. A number
 * written with another market's country code is refused, not moved to this market.
 */
export function e164Phone(raw: string, market: PhoneMarket): string | undefined {
  const compact = compactPhone(raw);
  const rule = PHONE_RULES[market];
  const bare = compact.replace(/^\+/, '');
  const countryDigits = rule.countryCode.slice(1);
  const hasCountry = compact.startsWith('+') || (bare.length === rule.length + countryDigits.length && bare.startsWith(countryDigits));
  const national = hasCountry ? (bare.startsWith(countryDigits) ? bare.slice(countryDigits.length) : '') : market === 'IN' ? bare.replace(/^0(?=\d{10}$)/, '') : bare;
  return isValidPhone(national, market) ? `${rule.countryCode}${national}` : undefined;
}

/** The market of a stored (E.164) phone, from its country code. */
export function marketOfE164(phone: string): PhoneMarket | undefined {
  return PHONE_MARKETS.find((market) => phone.startsWith(PHONE_RULES[market].countryCode));
}

/**
 * SMS one-time codes (the promotion's registration and the borrower's sign-in): six digits,
 * alive 5 minutes, spent once, void after 5 wrong tries; a new one no sooner than 60 s after the
 * last, at most 5 a phone and 10 a network an hour.
 */
export const OneTimeCodeLimits = {
  length: 6,
  ttlMs: 5 * 60_000,
  maxWrongTries: 5,
  resendMs: 60_000,
  perPhonePerHour: 5,
  perAddressPerHour: 10,
} as const;

/**
 * Every form a phone's messages may be stored under: the promotion texts its landing's national
 * digits, sign-in and reminders text E.164 (docs/decisions/091). A stored (E.164) phone gives
 * itself and its national digits; national digits (`normalisePhone`) give themselves and each
 * market's E.164 form.
 */
export function phoneForms(phone: string): string[] {
  const market = marketOfE164(phone);
  if (market) return [phone, phone.slice(PHONE_RULES[market].countryCode.length)];
  return PHONE_MARKETS.some((each) => isValidPhone(phone, each)) ? [phone, ...PHONE_MARKETS.map((each) => `${PHONE_RULES[each].countryCode}${phone}`)] : [phone];
}
