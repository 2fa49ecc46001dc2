const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The calendar day of an instant on the reader's clock, as `YYYY-MM-DD`. */
const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** How many days, up to today, are shown until the reader chooses a range. */
export const DEFAULT_DAYS = 14;

/**
 * The range of days the address asks for, else the last two weeks up to today. A range the server
 * refuses (reversed, or too long) is still asked for, so its refusal is shown.
 */
export function funnelRange(params: URLSearchParams, now: Date): { from: string; to: string } {
  const to = params.get('to') ?? '';
  const from = params.get('from') ?? '';
  const today = localDay(now);
  const end = DAY.test(to) ? to : today;
  if (DAY.test(from)) return { from, to: end };
  const start = new Date(`${end}T12:00:00`);
  start.setDate(start.getDate() - (DEFAULT_DAYS - 1));
  return { from: localDay(start), to: end };
}

