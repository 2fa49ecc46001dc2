import { addDays, daysBetween, type IsoDate } from './dates';
import { assertMinorUnits, MoneyError, sumMinor, type MinorUnits } from './money';
import type { Installment } from './pricing';

/** What remains to pay of one installment. */
export type InstallmentBalance = {
  seq: number;
  dueDate: IsoDate;
  principalMinor: MinorUnits;
  interestMinor: MinorUnits;
  taxMinor: MinorUnits;
};

/**
 * What an order still owes as the domain sees it: late charges (kept at order level, as the
 * clock accrues them) and what remains of each installment, in plan order (oldest first).
 */
export type OrderBalance = {
  lateChargesMinor: MinorUnits;
  installments: readonly InstallmentBalance[];
};

/** Refuses a balance with a fractional or negative amount, or installments out of due order. */
export function assertBalance(balance: OrderBalance): OrderBalance {
  const nonNegative = (value: number, label: string) => {
    if (assertMinorUnits(value, label) < 0) throw new MoneyError(`${label} must not be negative, got ${value}`);
  };
  nonNegative(balance.lateChargesMinor, 'late charges');
  balance.installments.forEach((installment, index) => {
    nonNegative(installment.principalMinor, `installment ${installment.seq} principal`);
    nonNegative(installment.interestMinor, `installment ${installment.seq} interest`);
    nonNegative(installment.taxMinor, `installment ${installment.seq} tax`);
    const previous = balance.installments[index - 1];
    if (previous && (previous.seq >= installment.seq || daysBetween(previous.dueDate, installment.dueDate) < 0)) {
      throw new MoneyError(`installment ${installment.seq} is out of order`);
    }
  });
  return balance;
}

export function installmentRemaining(installment: InstallmentBalance): MinorUnits {
  return installment.principalMinor + installment.interestMinor + installment.taxMinor;
}

/** Everything still owed: late charges and every installment, due or not. */
export function outstanding(balance: OrderBalance): MinorUnits {
  return sumMinor([balance.lateChargesMinor, ...balance.installments.map(installmentRemaining)]);
}

/** What is owed today: late charges and what remains of installments due on or before today. */
export function owedNow(balance: OrderBalance, today: IsoDate): MinorUnits {
  const due = balance.installments.filter((installment) => daysBetween(installment.dueDate, today) >= 0);
  return sumMinor([balance.lateChargesMinor, ...due.map(installmentRemaining)]);
}

/** The order's due date: the next unpaid installment's, or the last one's when all are paid. */
export function nextDueDate(balance: OrderBalance): IsoDate | null {
  const next = balance.installments.find((installment) => installmentRemaining(installment) > 0) ?? balance.installments.at(-1);
  return next?.dueDate ?? null;
}

/** Nothing due on or before today remains: an order that was due or late is back on schedule. */
export function caughtUp(balance: OrderBalance, today: IsoDate): boolean {
  return owedNow(balance, today) === 0;
}

export function paidInFull(balance: OrderBalance): boolean {
  return outstanding(balance) === 0;
}

/** The due date of each installment of a plan paid out on `disbursedOn` (docs/decisions/031). */
export function dueDatesFrom(plan: readonly Pick<Installment, 'dueDay'>[], disbursedOn: IsoDate): IsoDate[] {
  return plan.map((installment) => addDays(disbursedOn, installment.dueDay));
}

/** The balance of a loan before any payment: the whole plan, no late charges. */
export function openingBalance(plan: readonly Installment[], dueDates: readonly IsoDate[]): OrderBalance {
  if (dueDates.length !== plan.length) {
    throw new MoneyError(`${plan.length} installments need as many due dates, got ${dueDates.length}`);
  }
  return assertBalance({
    lateChargesMinor: 0,
    installments: plan.map((installment, index) => ({
      seq: installment.seq,
      dueDate: dueDates[index] ?? '',
      principalMinor: installment.principalMinor,
      interestMinor: installment.interestMinor,
      taxMinor: installment.taxMinor,
    })),
  });
}

/**
 * The schedule once an extension of `days` is granted on `today` (docs/decisions/072): the next
 * unpaid due date moves to `days` after itself, or after today when it has already passed, so an
 * extension always leaves the borrower `days` to pay; every later unpaid installment moves by as
 * much, keeping the spacing of the plan. Paid installments keep their dates.
 */
export function extendSchedule(balance: OrderBalance, days: number, today: IsoDate): { balance: OrderBalance; shiftDays: number } {
  assertBalance(balance);
  const next = balance.installments.find((installment) => installmentRemaining(installment) > 0);
  if (!next) return { balance, shiftDays: 0 };
  const from = daysBetween(next.dueDate, today) > 0 ? today : next.dueDate;
  const shiftDays = daysBetween(next.dueDate, addDays(from, days));
  return {
    shiftDays,
    balance: assertBalance({
      ...balance,
      installments: balance.installments.map((installment) =>
        installment.seq >= next.seq ? { ...installment, dueDate: addDays(installment.dueDate, shiftDays) } : installment,
      ),
    }),
  };
}
