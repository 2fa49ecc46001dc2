import { assertBalance, outstanding, type OrderBalance } from './balance';
import { DAYS_PER_YEAR } from './annual-cost';
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
  /** Each installment's interest (after any coupon) and tax as planned. */
  installments: readonly Pick<Installment, 'seq' | 'interestMinor' | 'taxMinor'>[];
};

/**
 * Interest not yet earned on one installment, and the tax on it, taken off the payoff. A look-up
 * period exit may also leave unpaid part of the tax on the commission (`commissionTaxMinor`, a
 * part of `taxMinor`): the lender still owes that tax and pays it from the commission it kept
 * (docs/decisions/150).
 */
export type PayoffRebate = { seq: number; interestMinor: MinorUnits; taxMinor: MinorUnits; commissionTaxMinor?: MinorUnits };

export type PayoffQuote =
  | {
      allowed: true;
      /** What settles the loan today. */
      payoffMinor: MinorUnits;
      outstandingMinor: MinorUnits;
      rebateMinor: MinorUnits;
      rebates: PayoffRebate[];
      /** The look-up period's last day when this is its exit (docs/decisions/150), else null. */
      lookUpUntil: IsoDate | null;
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
  return { allowed: true, payoffMinor: outstandingMinor - rebateMinor, outstandingMinor, rebateMinor, rebates, lookUpUntil: null };
}

/** What the look-up period exit needs of a loan besides what the payoff needs. */
export type LookUpLoan = {
  principalMinor: MinorUnits;
  /** Kept from the payout: it counts towards the cost of the days held. */
  commissionMinor: MinorUnits;
  /** The APR the Key Facts Statement shows (`annualCost`), as a fraction a year. */
  aprRate: number;
  /** Days of the period after the payout day (`coolingOffDays`). */
  periodDays: number;
};

/** The look-up period's last day: the payout day plus its days. */
export function lookUpPeriodEnd(disbursedOn: IsoDate, periodDays: number): IsoDate {
  return addDays(disbursedOn, periodDays);
}

/**
 * Takes `amount` off the installments' remaining `pick` from the last installment back, so the
 * installments due later are cleared first.
 */
function fromTheLast(balance: OrderBalance, amount: MinorUnits, pick: (i: OrderBalance['installments'][number]) => MinorUnits): Map<number, MinorUnits> {
  const taken = new Map<number, MinorUnits>();
  let left = amount;
  for (const installment of [...balance.installments].reverse()) {
    const part = Math.min(left, pick(installment));
    if (part > 0) taken.set(installment.seq, part);
    left -= part;
  }
  return taken;
}

/**
 * The look-up period exit (docs/decisions/150): from the payout day through the period's last
 * day the borrower may leave the loan by repaying the principal and the APR's cost of the days
 * held (at least one): principal × APR × days / 365, rounded down. The commission kept at payout
 * and any interest or tax already paid count towards that cost; of what remains, the tax on the
 * commission is paid first, then the interest and its tax. Every other unpaid interest and tax is
 * taken off. Never more than the payoff the normal rule would ask that day. Null outside the period.
 */
export function lookUpPayoffQuote(balance: OrderBalance, loan: PayoffLoan, lookUp: LookUpLoan, today: IsoDate): PayoffQuote | null {
  assertBalance(balance);
  const lookUpUntil = lookUpPeriodEnd(loan.disbursedOn, lookUp.periodDays);
  if (daysBetween(loan.disbursedOn, today) < 0 || daysBetween(today, lookUpUntil) < 0) return null;
  const daysHeld = Math.max(1, daysBetween(loan.disbursedOn, today));
  const costMinor = Math.floor((lookUp.principalMinor * lookUp.aprRate * daysHeld) / DAYS_PER_YEAR);
  type Charges = readonly { interestMinor: MinorUnits; taxMinor: MinorUnits }[];
  const interestOf = (list: Charges) => list.reduce((total, i) => total + i.interestMinor, 0);
  const taxOf = (list: Charges) => list.reduce((total, i) => total + i.taxMinor, 0);
  const interestLeft = interestOf(balance.installments);
  const taxLeft = taxOf(balance.installments);
  const taxPaid = taxOf(loan.installments) - taxLeft;
  const chargesPaid = interestOf(loan.installments) - interestLeft + taxPaid;
  const kept = Math.min(interestLeft + taxLeft, Math.max(0, costMinor - lookUp.commissionMinor - chargesPaid));
  const commissionTaxLeft = Math.min(taxLeft, Math.max(0, applyPpm(lookUp.commissionMinor, loan.taxPpm) - taxPaid));
  const keptCommissionTax = Math.min(kept, commissionTaxLeft);
  const keptRest = kept - keptCommissionTax;
  const keptTax = Math.min(taxLeft - commissionTaxLeft, keptRest - Math.min(interestLeft, Math.floor((keptRest * 1_000_000) / (1_000_000 + loan.taxPpm))));
  const keptInterest = keptRest - keptTax;

  const normal = payoffQuote(balance, loan, today, EarlyRepayment.anyTime);
  if (normal.allowed && normal.payoffMinor <= outstanding(balance) - (interestLeft + taxLeft - kept)) return { ...normal, lookUpUntil };

  const interestOff = fromTheLast(balance, interestLeft - keptInterest, (i) => i.interestMinor);
  const taxOff = fromTheLast(balance, taxLeft - keptTax - keptCommissionTax, (i) => i.taxMinor);
  let commissionTaxOff = commissionTaxLeft - keptCommissionTax;
  const rebates: PayoffRebate[] = [];
  for (const installment of balance.installments) {
    const interestMinor = interestOff.get(installment.seq) ?? 0;
    const taxMinor = taxOff.get(installment.seq) ?? 0;
    if (interestMinor + taxMinor === 0) continue;
    const commissionTaxMinor = Math.min(taxMinor, commissionTaxOff);
    commissionTaxOff -= commissionTaxMinor;
    rebates.push({ seq: installment.seq, interestMinor, taxMinor, ...(commissionTaxMinor > 0 ? { commissionTaxMinor } : {}) });
  }
  const outstandingMinor = outstanding(balance);
  const rebateMinor = rebates.reduce((total, r) => total + r.interestMinor + r.taxMinor, 0);
  return { allowed: true, payoffMinor: outstandingMinor - rebateMinor, outstandingMinor, rebateMinor, rebates, lookUpUntil };
}

/** Today's payoff: the look-up period exit while the period lasts, else the market's early-repayment rule. */
export function payoffToday(
  balance: OrderBalance,
  loan: PayoffLoan,
  today: IsoDate,
  rule: EarlyRepaymentRule,
  lookUp: LookUpLoan | null,
): PayoffQuote {
  return (lookUp && lookUpPayoffQuote(balance, loan, lookUp, today)) ?? payoffQuote(balance, loan, today, rule);
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
