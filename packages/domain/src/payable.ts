import { installmentRemaining, outstanding, owedNow, type OrderBalance } from './balance';
import { daysBetween, type IsoDate } from './dates';
import type { MinorUnits } from './money';
import { payoffToday, type EarlyRepaymentRule, type LookUpLoan, type PayoffLoan } from './payoff';

/**
 * What bounds a payment today (docs/decisions/233):
 * - `wholeBalance`: the loan may be settled today: what settles it is the most;
 * - `dueAndNext`: before the early-repayment date, what is due and the next installment paid ahead
 *   of its date, never the last one, whose payment would repay the loan early;
 * - `nothingDue`: nothing is due and the loan may not yet be repaid early.
 */
export type PayableLimit = 'wholeBalance' | 'dueAndNext' | 'nothingDue';

export type PayableToday = {
  /** What to offer: what is due with the late charges, else the next installment, within `maxMinor`. */
  offerMinor: MinorUnits;
  /** The most one payment may be today; never money that would only become credit. */
  maxMinor: MinorUnits;
  limit: PayableLimit;
  /** The first day the whole loan may be repaid early, while that day is still to come; else null. */
  earlyRepaymentFrom: IsoDate | null;
  /** Everything still owed, late charges included. */
  outstandingMinor: MinorUnits;
};

/**
 * What may be paid on a paid-out loan today, for every screen and charge that takes a repayment:
 * once the early-repayment rule (or the look-up period) allows it, up to today's payoff, which
 * settles the loan; before that, what is due and the next installment ahead of its date, unless
 * that installment is the last, since paying it repays the loan early. An order with everything
 * due may always be paid in full.
 */
export function payableToday(
  balance: OrderBalance,
  loan: PayoffLoan,
  today: IsoDate,
  rule: EarlyRepaymentRule,
  lookUp: LookUpLoan | null,
): PayableToday {
  const outstandingMinor = outstanding(balance);
  const dueNow = owedNow(balance, today);
  const unpaid = balance.installments.filter((installment) => installmentRemaining(installment) > 0);
  const next = unpaid[0];
  const toPayNow = dueNow > 0 ? dueNow : next ? installmentRemaining(next) : 0;
  const notYetDue = unpaid.filter((installment) => daysBetween(installment.dueDate, today) < 0);
  const quote = payoffToday(balance, loan, today, rule, lookUp);
  if (quote.allowed || notYetDue.length === 0) {
    const maxMinor = quote.allowed ? quote.payoffMinor : outstandingMinor;
    return { offerMinor: Math.min(toPayNow, maxMinor), maxMinor, limit: 'wholeBalance', earlyRepaymentFrom: null, outstandingMinor };
  }
  const [firstAhead] = notYetDue;
  const ahead = firstAhead && notYetDue.length > 1 ? installmentRemaining(firstAhead) : 0;
  const maxMinor = dueNow + ahead;
  return {
    offerMinor: Math.min(toPayNow, maxMinor),
    maxMinor,
    limit: maxMinor === 0 ? 'nothingDue' : 'dueAndNext',
    earlyRepaymentFrom: quote.allowedFrom,
    outstandingMinor,
  };
}
