import { formatDateTime, type Market } from '@lend/domain';

/**
 * When reminders may reach a phone, in the market's own time, from `opens` up to (not including)
 * `closes`, in minutes of the day. The stricter of the market's rules and ours (docs/decisions/094):
 * Mexico's collection rule allows 07:00-22:00 and we start at 08:00; India 08:00-19:00.
 */
export const SENDING_WINDOWS: Record<Market, { opens: number; closes: number }> = {
  MX: { opens: 8 * 60, closes: 22 * 60 },
  IN: { opens: 8 * 60, closes: 19 * 60 },
};

export function inSendingWindow(now: Date, market: Market): boolean {
  const clock = formatDateTime(now, market).slice(11, 16);
  const minute = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const window = SENDING_WINDOWS[market];
  return minute >= window.opens && minute < window.closes;
}
