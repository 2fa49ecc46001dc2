import type { Language } from '@lend/contracts';

const LOCALE: Record<Language, string> = { en: 'en-IN', es: 'es-MX' };

/** An instant as staff read it: day and time, in the browser's time zone. */
export function formatInstant(iso: string, language: Language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
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

/** A calendar day (`yyyy-mm-dd`) as staff read it, without moving it through a time zone. */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** An amount in minor units as staff read it, with the currency's code when it is known. */
export function formatMinor(minor: number, language: 'en' | 'es', currency?: string): string {
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
