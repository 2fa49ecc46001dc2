import { assertBalance, outstanding, type OrderBalance } from './balance';
import { addDays, daysBetween, type IsoDate } from './dates';
import { MoneyError, type MinorUnits } from './money';
import { applyPpm, type Installment } from './pricing';

/**
 * When a borrower may repay before the end of the term: at any time, or only once a share of the
 * term has elapsed AND a number of days have passed since the payout (India's published terms:
 * half the term and 7 days from remittance). Each market's product will carry its own.
 */
export type EarlyRepaymentRule =
  | { kind: 'anyTime' }
  | { kind: 'afterShareOfTerm'; termSharePpm: number; minDaysFromDisbursal: number };

export const EarlyRepayment = {
  anyTime: { kind: 'anyTime' },
} as const satisfies Record<string, EarlyRepaymentRule>;

/** What the payoff needs to know of the loan besides its balance. */
export type PayoffLoan = {
  disbursedOn: IsoDate;
  termDays: number;
  /** The tax rate on interest; an installment's tax also carries the commission's, which is not rebated. */
  taxPpm: number;
  /** Each installment's interest as planned (after any coupon). */
  installments: readonly Pick<Installment, 'seq' | 'interestMinor'>[];
};

/** Interest not yet earned on one installment, and the tax on it, taken off the payoff. */
export type PayoffRebate = { seq: number; interestMinor: MinorUnits; taxMinor: MinorUnits };

export type PayoffQuote =
  | {
      allowed: true;
      /** What settles the loan today. */
      payoffMinor: MinorUnits;
      outstandingMinor: MinorUnits;
      rebateMinor: MinorUnits;
      rebates: PayoffRebate[];
    }
  | { allowed: false; reason: 'beforeShareOfTerm' | 'tooSoonAfterPayout'; allowedFrom: IsoDate };

/** The first day the rule allows early repayment, and which of its conditions sets that day. */
export function earlyRepaymentFrom(
  rule: EarlyRepaymentRule,
  loan: Pick<PayoffLoan, 'disbursedOn' | 'termDays'>,
): { from: IsoDate; reason: 'beforeShareOfTerm' | 'tooSoonAfterPayout' } | null {
  if (rule.kind === 'anyTime') return null;
  if (!Number.isInteger(rule.termSharePpm) || rule.termSharePpm < 0 || rule.termSharePpm > 1_000_000) {
    throw new RangeError(`termSharePpm must be a whole number from 0 to 1000000, got ${rule.termSharePpm}`);
  }
  if (!Number.isInteger(rule.minDaysFromDisbursal) || rule.minDaysFromDisbursal < 0) {
    throw new RangeError(`minDaysFromDisbursal must be a whole number of days, got ${rule.minDaysFromDisbursal}`);
  }
  const shareDays = Math.ceil((loan.termDays * rule.termSharePpm) / 1_000_000);
  return shareDays >= rule.minDaysFromDisbursal
    ? { from: addDays(loan.disbursedOn, shareDays), reason: 'beforeShareOfTerm' }
    : { from: addDays(loan.disbursedOn, rule.minDaysFromDisbursal), reason: 'tooSoonAfterPayout' };
}

/** `total × part / whole`, rounded up (in the borrower's favour when it is a rebate). */
function ceilShare(total: MinorUnits, part: number, whole: number): MinorUnits {
  return Math.floor((total * part + whole - 1) / whole);
}

/**
 * What settles the loan today (docs/decisions/070): everything outstanding, late charges
 * included, less the interest not yet earned and the tax on it. An installment's interest is
 * earned day by day over its period (from the previous due date, or the payout, to its own);
 * the part of the days still to come is taken off, rounded up, never more than remains unpaid.
 */
export function payoffQuote(balance: OrderBalance, loan: PayoffLoan, today: IsoDate, rule: EarlyRepaymentRule): PayoffQuote {
  assertBalance(balance);
  const allowedFrom = earlyRepaymentFrom(rule, loan);
  if (allowedFrom && daysBetween(allowedFrom.from, today) < 0) {
    return { allowed: false, reason: allowedFrom.reason, allowedFrom: allowedFrom.from };
  }
  const rebates: PayoffRebate[] = [];
  let periodStart = loan.disbursedOn;
  for (const installment of balance.installments) {
    const planned = loan.installments.find((i) => i.seq === installment.seq);
    if (!planned) throw new MoneyError(`installment ${installment.seq} is not in the loan's plan`);
    const periodDays = Math.max(0, daysBetween(periodStart, installment.dueDate));
    const daysToCome = Math.min(periodDays, Math.max(0, daysBetween(today, installment.dueDate)));
    periodStart = installment.dueDate;
    if (daysToCome === 0) continue;
    const interestMinor = Math.min(installment.interestMinor, ceilShare(planned.interestMinor, daysToCome, periodDays));
    const taxMinor = Math.min(installment.taxMinor, applyPpm(interestMinor, loan.taxPpm));
    if (interestMinor + taxMinor > 0) rebates.push({ seq: installment.seq, interestMinor, taxMinor });
  }
  const outstandingMinor = outstanding(balance);
  const rebateMinor = rebates.reduce((total, r) => total + r.interestMinor + r.taxMinor, 0);
  return { allowed: true, payoffMinor: outstandingMinor - rebateMinor, outstandingMinor, rebateMinor, rebates };
}

/** The balance once a payoff's rebates are taken off: what remains is exactly the payoff. */
export function applyPayoffRebate(balance: OrderBalance, rebates: readonly PayoffRebate[]): OrderBalance {
  return assertBalance({
    lateChargesMinor: balance.lateChargesMinor,
    installments: balance.installments.map((installment) => {
      const rebate = rebates.find((r) => r.seq === installment.seq);
      if (!rebate) return installment;
      return {
        ...installment,
        interestMinor: installment.interestMinor - rebate.interestMinor,
        taxMinor: installment.taxMinor - rebate.taxMinor,
      };
    }),
  });
}
