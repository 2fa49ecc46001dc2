import { LoanStatus, type LoanStatusCode } from '@lend/contracts';
import { caughtUp, paidInFull, type OrderBalance } from './balance';
import { daysBetween, type IsoDate } from './dates';

/** What moves an order from one status to the next (docs/decisions/033). */
export const OrderEvent = {
  Approve: 'approve',
  Reject: 'reject',
  Disburse: 'disburse',
  /** The bank returned a payout before any repayment: the order waits to be paid out again (docs/decisions/155). */
  PayoutReversed: 'payoutReversed',
  /**
   * The bank returned a payout after the borrower paid something, and an operator restated the order
   * to what was received: it waits to be paid out again (docs/decisions/224).
   */
  PayoutRestated: 'payoutRestated',
  DueDateReached: 'dueDateReached',
  DueDatePassed: 'dueDatePassed',
  /** A payment left some installment still to pay later, or an extension moved the due date. */
  CaughtUp: 'caughtUp',
  PaidInFull: 'paidInFull',
  /** An extension's charge was paid: the due date moved and nothing is late any more. */
  Extended: 'extended',
  /** The borrower accepted a payment plan: the late installments are replaced by the plan's, none due yet (docs/decisions/250). */
  Restructured: 'restructured',
} as const;
export type OrderEventName = (typeof OrderEvent)[keyof typeof OrderEvent];

export type Transition = { from: LoanStatusCode; event: OrderEventName; to: LoanStatusCode; by: 'operator' | 'clock' | 'payment' | 'borrower' };

/** Every transition there is; anything not listed is refused. Confirming creates an order in 21. */
export const ORDER_TRANSITIONS: readonly Transition[] = [
  { from: LoanStatus.UnderReview, event: OrderEvent.Approve, to: LoanStatus.Disbursing, by: 'operator' },
  { from: LoanStatus.UnderReview, event: OrderEvent.Reject, to: LoanStatus.Rejected, by: 'operator' },
  { from: LoanStatus.Disbursing, event: OrderEvent.Disburse, to: LoanStatus.Disbursed, by: 'operator' },
  // A payout the bank refused can end the order instead of being sent again (docs/decisions/152).
  { from: LoanStatus.Disbursing, event: OrderEvent.Reject, to: LoanStatus.Rejected, by: 'operator' },
  { from: LoanStatus.Disbursed, event: OrderEvent.PayoutReversed, to: LoanStatus.Disbursing, by: 'payment' },
  { from: LoanStatus.Disbursed, event: OrderEvent.PayoutRestated, to: LoanStatus.Disbursing, by: 'operator' },
  { from: LoanStatus.Due, event: OrderEvent.PayoutRestated, to: LoanStatus.Disbursing, by: 'operator' },
  { from: LoanStatus.Overdue, event: OrderEvent.PayoutRestated, to: LoanStatus.Disbursing, by: 'operator' },
  { from: LoanStatus.Disbursed, event: OrderEvent.DueDateReached, to: LoanStatus.Due, by: 'clock' },
  // A clock that missed the due day (server down) goes straight to overdue.
  { from: LoanStatus.Disbursed, event: OrderEvent.DueDatePassed, to: LoanStatus.Overdue, by: 'clock' },
  { from: LoanStatus.Due, event: OrderEvent.DueDatePassed, to: LoanStatus.Overdue, by: 'clock' },
  { from: LoanStatus.Due, event: OrderEvent.CaughtUp, to: LoanStatus.Disbursed, by: 'payment' },
  { from: LoanStatus.Overdue, event: OrderEvent.CaughtUp, to: LoanStatus.Disbursed, by: 'payment' },
  { from: LoanStatus.Disbursed, event: OrderEvent.PaidInFull, to: LoanStatus.Settled, by: 'payment' },
  { from: LoanStatus.Due, event: OrderEvent.PaidInFull, to: LoanStatus.Settled, by: 'payment' },
  { from: LoanStatus.Overdue, event: OrderEvent.PaidInFull, to: LoanStatus.Settled, by: 'payment' },
  { from: LoanStatus.Disbursed, event: OrderEvent.Extended, to: LoanStatus.Disbursed, by: 'payment' },
  { from: LoanStatus.Due, event: OrderEvent.Extended, to: LoanStatus.Disbursed, by: 'payment' },
  { from: LoanStatus.Overdue, event: OrderEvent.Extended, to: LoanStatus.Disbursed, by: 'payment' },
  { from: LoanStatus.Overdue, event: OrderEvent.Restructured, to: LoanStatus.Disbursed, by: 'borrower' },
];

/** The status an event leads to from `from`, or null when the machine has no such transition. */
export function nextStatus(from: number, event: OrderEventName): LoanStatusCode | null {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.event === event)?.to ?? null;
}

/** Statuses in which the borrower still owes money (or may yet), so a second order of the same product waits. */
export const OPEN_STATUSES: readonly LoanStatusCode[] = [
  LoanStatus.UnderReview,
  LoanStatus.Disbursing,
  LoanStatus.Disbursed,
  LoanStatus.Due,
  LoanStatus.Overdue,
];

/**
 * Statuses in which an order will still be paid out to the borrower's payout account: under
 * review (approval pays out to the account on file) or approved and being paid out. The account
 * cannot be replaced meanwhile (docs/decisions/136).
 */
export const AWAITING_PAYOUT_STATUSES: readonly LoanStatusCode[] = [LoanStatus.UnderReview, LoanStatus.Disbursing];

/** Statuses in which repayment is owed on a schedule. */
export const REPAYING_STATUSES: readonly LoanStatusCode[] = [LoanStatus.Disbursed, LoanStatus.Due, LoanStatus.Overdue];

export function isRepaying(status: number): boolean {
  return (REPAYING_STATUSES as readonly number[]).includes(status);
}

/**
 * Where the clock puts a repaying order on `today` given its next unpaid due date: due on the
 * day itself, overdue from the day after. The clock only moves orders forward; null means stay.
 */
export function clockEvent(status: number, dueDate: IsoDate, today: IsoDate): OrderEventName | null {
  const late = daysBetween(dueDate, today);
  if (late > 0 && (status === LoanStatus.Disbursed || status === LoanStatus.Due)) return OrderEvent.DueDatePassed;
  if (late === 0 && status === LoanStatus.Disbursed) return OrderEvent.DueDateReached;
  return null;
}

/**
 * What a payment does to a repaying order, given what it leaves owed: nothing owed settles it
 * (200); nothing due on or before today any more moves a due or late order back to 170. Any other
 * order (settled, not yet paid out) keeps its status: the payment is the borrower's credit.
 */
export function statusAfterPayment(status: number, balanceAfter: OrderBalance, today: IsoDate): OrderEventName | null {
  if (!isRepaying(status)) return null;
  const event = paidInFull(balanceAfter) ? OrderEvent.PaidInFull : caughtUp(balanceAfter, today) ? OrderEvent.CaughtUp : null;
  return event && nextStatus(status, event) !== null ? event : null;
}

export type OrderAction = 'repay' | 'delay' | 'borrowAgain';

/** The buttons of the order details screen for a status (docs/decisions/033, 034); Delay only when an extension is allowed. */
export function orderActions(status: number, delayAllowed: boolean): OrderAction[] {
  switch (status) {
    case LoanStatus.Disbursed:
      return ['repay'];
    case LoanStatus.Due:
    case LoanStatus.Overdue:
      return delayAllowed ? ['repay', 'delay'] : ['repay'];
    case LoanStatus.Settled:
      return ['borrowAgain'];
    default:
      return [];
  }
}

/** The loan list is hidden for a rejected order: its loan never existed. */
export function showsLoanList(status: number): boolean {
  return status !== LoanStatus.Rejected;
}

/** An extension is offered while repayment is due or late and the product's allowance is not used up. */
export function canExtend(status: number, extensionsUsed: number, maxExtensions: number): boolean {
  return (status === LoanStatus.Due || status === LoanStatus.Overdue) && extensionsUsed < maxExtensions;
}

/**
 * The borrower is asked to rate the service once per order, when the loan has run its course
 * (settled), and never again once they rated it or closed the question (docs/decisions/034, 234):
 * while a loan is being repaid the question would stand between the borrower and what they owe.
 */
export function canRate(status: number, answered: boolean): boolean {
  return !answered && status === LoanStatus.Settled;
}
