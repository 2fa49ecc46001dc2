import { installmentRemaining, type OrderBalance } from './balance';
import { daysBetween, type IsoDate } from './dates';
import type { Market } from './market';
import type { MinorUnits } from './money';

/** One delinquency bucket: the days past due it holds, `toDays` null for the last, open-ended one. */
export type DelinquencyBand = { code: string; fromDays: number; toDays: number | null };

/**
 * The buckets a market starts with (docs/decisions/242). India's are RBI's special mention accounts
 * and non-performing assets; Mexico's the same 30-day steps, named by their days.
 */
export const DEFAULT_DELINQUENCY_BANDS: Readonly<Record<Market, readonly DelinquencyBand[]>> = {
  IN: [
    { code: 'SMA-0', fromDays: 1, toDays: 30 },
    { code: 'SMA-1', fromDays: 31, toDays: 60 },
    { code: 'SMA-2', fromDays: 61, toDays: 90 },
    { code: 'NPA', fromDays: 91, toDays: null },
  ],
  MX: [
    { code: '1-30', fromDays: 1, toDays: 30 },
    { code: '31-60', fromDays: 31, toDays: 60 },
    { code: '61-90', fromDays: 61, toDays: 90 },
    { code: '90+', fromDays: 91, toDays: null },
  ],
};

/**
 * Days past due: from the oldest installment still owed whose date has passed, in the market's
 * calendar; 0 when nothing owed is late. An installment is late the day after its date.
 */
export function daysPastDue(installments: readonly { dueDate: IsoDate; unpaidMinor: MinorUnits }[], today: IsoDate): number {
  let oldest: IsoDate | null = null;
  for (const installment of installments) {
    if (installment.unpaidMinor <= 0 || installment.dueDate >= today) continue;
    if (oldest === null || installment.dueDate < oldest) oldest = installment.dueDate;
  }
  return oldest === null ? 0 : daysBetween(oldest, today);
}

/** Days past due of an order that owes `balance`. */
export function balanceDaysPastDue(balance: OrderBalance, today: IsoDate): number {
  return daysPastDue(
    balance.installments.map((installment) => ({ dueDate: installment.dueDate, unpaidMinor: installmentRemaining(installment) })),
    today,
  );
}

/** The bucket holding these days past due; null for a loan that is not late. */
export function bucketOf(daysLate: number, bands: readonly DelinquencyBand[]): string | null {
  if (daysLate <= 0) return null;
  return bands.find((band) => daysLate >= band.fromDays && (band.toDays === null || daysLate <= band.toDays))?.code ?? null;
}

/**
 * Whether the bands cover every day past due once: the first from day 1, each the day after the
 * one before, only the last open-ended, codes unique. The reason when they do not.
 */
export function bandsProblem(bands: readonly DelinquencyBand[]): 'empty' | 'first-not-day-1' | 'gap-or-overlap' | 'last-not-open' | 'open-before-last' | 'duplicate-code' | null {
  if (bands.length === 0) return 'empty';
  if (bands[0]?.fromDays !== 1) return 'first-not-day-1';
  if (new Set(bands.map((band) => band.code)).size !== bands.length) return 'duplicate-code';
  for (let i = 0; i < bands.length; i += 1) {
    const band = bands[i];
    const next = bands[i + 1];
    if (!band) continue;
    if (next === undefined) return band.toDays === null ? null : 'last-not-open';
    if (band.toDays === null) return 'open-before-last';
    if (band.toDays < band.fromDays || next.fromDays !== band.toDays + 1) return 'gap-or-overlap';
  }
  return null;
}
