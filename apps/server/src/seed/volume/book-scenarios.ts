// What the volume book's borrowers and orders are made of (docs/decisions/191): the share of each
// status among current orders, names and complaint types, and the payments that leave an order in
// its status today.
import { LoanStatus, type LoanStatusCode } from '@lend/contracts';
import { addDays, type IsoDate } from '@lend/domain';
import type { HistoryEvent } from './order-history';
import { between, type Rand } from './seeded-random';

/** The current order's target status, by share of borrowers (earlier orders are settled or rejected). */
const CURRENT_STATUS: readonly [LoanStatusCode, number][] = [
  [LoanStatus.UnderReview, 0.06],
  [LoanStatus.Disbursing, 0.04],
  [LoanStatus.Rejected, 0.06],
  [LoanStatus.Disbursed, 0.44],
  [LoanStatus.Due, 0.05],
  [LoanStatus.Overdue, 0.2],
  [LoanStatus.Settled, 0.15],
];

export function currentStatus(rand: Rand): LoanStatusCode {
  let roll = rand();
  for (const [status, share] of CURRENT_STATUS) {
    if (roll < share) return status;
    roll -= share;
  }
  return LoanStatus.Disbursed;
}

export const FIRST_NAMES = { MX: ['Ana', 'Luis', 'María', 'José', 'Carmen', 'Jorge', 'Sofía', 'Miguel', 'Lucía', 'Pedro'], IN: ['Ravi', 'Priya', 'Amit', 'Neha', 'Arjun', 'Kavya', 'Rahul', 'Anjali', 'Vikram', 'Pooja'] };
export const LAST_NAMES = { MX: ['López', 'García', 'Hernández', 'Martínez', 'Pérez', 'Sánchez', 'Ramírez', 'Torres'], IN: ['Sharma', 'Patel', 'Singh', 'Kumar', 'Gupta', 'Reddy', 'Iyer', 'Nair'] };
export const COMPLAINT_TYPES: readonly [number, number][] = [
  [1, 101],
  [1, 103],
  [2, 201],
  [2, 202],
  [2, 203],
];

/** The events of a paid-out order: every installment paid, some late, some by halves, now and then an extension first. */
function historyEvents(rand: Rand, periods: number, extendable: boolean, stopAtSeq: number): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  if (extendable && rand() < 0.2) events.push({ kind: 'extend', daysBeforeDue: between(rand, 0, 3) });
  for (let seq = 1; seq <= Math.min(periods, stopAtSeq); seq += 1) {
    const late = rand() < 0.15 ? between(rand, 1, 20) : 0;
    if (rand() < 0.05) events.push({ kind: 'pay-installment', seq, lateDays: late, half: true });
    events.push({ kind: 'pay-installment', seq, lateDays: late + (rand() < 0.05 ? 2 : 0) });
  }
  return events;
}

/** Where a status's order is paid out and what its borrower does, so that the clock leaves it in that status today. */
export function scenario(rand: Rand, status: LoanStatusCode, dueDays: readonly number[], today: IsoDate, extendable: boolean): { payoutOn: IsoDate; events: HistoryEvent[] } {
  const periods = dueDays.length;
  const yesterday = addDays(today, -1);
  const dueDay = (seq: number) => dueDays[seq - 1] ?? dueDays[0] ?? 30;
  if (status === LoanStatus.Settled) {
    const payoutOn = addDays(today, -between(rand, dueDay(periods) + 25, dueDay(periods) + 400));
    return { payoutOn, events: historyEvents(rand, periods, extendable, periods) };
  }
  // The installment that is next: the earlier ones were paid, on time or late.
  const next = between(rand, 1, periods);
  const paidBefore = historyEvents(rand, periods, false, next - 1).map((e) => (e.kind === 'pay-installment' ? { ...e, lateDays: Math.min(e.lateDays, 5), half: false } : e));
  if (status === LoanStatus.Due) return { payoutOn: addDays(yesterday, -dueDay(next)), events: paidBefore };
  if (status === LoanStatus.Overdue) {
    const late = rand() < 0.7 ? between(rand, 2, 30) : between(rand, 31, 150);
    const events: HistoryEvent[] = [...paidBefore];
    if (rand() < 0.2) events.push({ kind: 'pay-installment', seq: next, lateDays: between(rand, 1, late - 1), half: true });
    return { payoutOn: addDays(today, -dueDay(next) - late), events };
  }
  // Paid out and on schedule: the next date is today (the clock makes it due today) or later.
  const gap = dueDay(next) - (next > 1 ? dueDay(next - 1) : 0);
  const ahead = between(rand, 0, Math.max(0, gap - 2));
  const events: HistoryEvent[] = extendable && next === 1 && rand() < 0.25 ? [{ kind: 'extend', daysBeforeDue: between(rand, 0, 3) }] : paidBefore;
  return { payoutOn: addDays(today, ahead - dueDay(next)), events };
}
