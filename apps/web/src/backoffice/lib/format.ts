import type { Language } from '@lend/contracts';
import { formatAmount, MARKET_SETTINGS, type Market } from '@lend/domain';
import { backofficeZonesEn } from '../../locales/en/backoffice-zones';
import { backofficeZonesEs } from '../../locales/es/backoffice-zones';

const LOCALE: Record<Language, string> = { en: 'en-IN', es: 'es-MX' };

const ZONE_NAMES = { en: backofficeZonesEn, es: backofficeZonesEs } as const;

/**
 * An instant as staff read it: day and time in the market's time zone, saying which in the reader's
 * language ("Mexico City time", "IST"); a record of no market (the audit log, staff accounts) is
 * shown in UTC and says so (docs/decisions/235).
 */
export function formatInstant(iso: string, language: Language, market?: Market): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const timeZone = market ? MARKET_SETTINGS[market].timeZone : 'UTC';
  const time = new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  return `${time} (${ZONE_NAMES[language][market ?? 'UTC']})`;
}

/** A market's currency's code. */
export const currencyOf = (market: Market): string => MARKET_SETTINGS[market].currency;

/** The market whose currency this is, when it is one of the markets'. */
export function marketOfCurrency(currency: string | undefined): Market | undefined {
  if (currency === MARKET_SETTINGS.MX.currency) return 'MX';
  if (currency === MARKET_SETTINGS.IN.currency) return 'IN';
  return undefined;
}

/** Whether an instant is already past `now`. */
export const isPast = (iso: string, now: Date): boolean => Date.parse(iso) < now.getTime();

/** The start of a day (`yyyy-mm-dd`) as an instant, or of the day after when `endOfDay`, in UTC. */
export function dayBoundary(day: string, endOfDay: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start)) return undefined;
  return new Date(endOfDay ? start + 24 * 60 * 60 * 1000 - 1 : start).toISOString();
}

/** How long something has waited, in the largest whole unit that is at least one (minutes at least). */
export function waited(iso: string, now: Date): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 24 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
}

/**
 * Whether a due day (`yyyy-mm-dd`, a Mexico City date as the privacy answer dates are:
 * docs/decisions/096) has ended: today in Mexico City is after it.
 */
export function dayHasPassed(day: string, now: Date): boolean {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return today > day;
}

/** A calendar day (`yyyy-mm-dd`) as a chart's axis shows it: day and month only. */
export function formatShortDay(day: string, language: Language): string {
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(LOCALE[language], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/** A month (`yyyy-mm`) as staff read it: its name and year. */
export function formatMonth(month: string, language: Language): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : new Intl.DateTimeFormat(LOCALE[language], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A share in basis points (1 % = 100, as the reports give them: docs/decisions/247) as a percentage with up to two decimals. */
export function formatShare(bp: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(bp / 10_000);
}

/** A calendar day (`yyyy-mm-dd`) as staff read it, without moving it through a time zone. */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * An amount in minor units as staff read it. In a market's currency it is written as that market
 * writes it, with the sign and the code ("$4,750.00 MXN", "₹1,23,456.78 INR": docs/decisions/235),
 * whatever the reader's language; pesos and rupees share the back office's lists.
 */
export function formatMinor(minor: number, language: 'en' | 'es', currency?: string): string {
  const market = marketOfCurrency(currency);
  if (market && Number.isSafeInteger(minor)) return `${formatAmount(minor, market)} ${MARKET_SETTINGS[market].currency}`;
  const number = new Intl.NumberFormat(language === 'en' ? 'en-IN' : 'es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  return currency ? `${number} ${currency}` : number;
}

/**
 * The amount an officer typed, in major units with up to two decimals, as minor units; null when it
 * is not such an amount.
 */
export function minorFromTyped(typed: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}
