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
