import { LoanStatus, type ProductPricing } from '@lend/contracts';
import {
  Account,
  addDays,
  allocatePayment,
  clockEvent,
  disbursalPostings,
  dueDatesFrom,
  extensionChargePostings,
  extensionOffer,
  installmentRemaining,
  isRepaying,
  lateChargeAccrual,
  lateChargePostings,
  LOAN_RULES,
  nextDueDate,
  nextStatus,
  OrderEvent,
  openingBalance,
  outstanding,
  paymentPostings,
  statusAfterPayment,
  type AllocationLine,
  type Installment,
  type IsoDate,
  type Market,
  type OrderBalance,
  type Posting,
} from '@lend/domain';

/**
 * One order's life replayed in memory with the rules the server applies (packages/domain): the
 * payout books the plan, the clock moves the status and accrues late charges, each payment is
 * allocated and booked as `applyPaymentIn` books it, an extension is granted as the payment that
 * buys it grants it. The volume seed writes what this returns in bulk, so a book of a million
 * orders follows the same rules as one order placed through the app (docs/decisions/191).
 */

export type HistoryEntry = { kind: 'disbursal' | 'late-charge' | 'payment' | 'extension'; bookedOn: IsoDate; paymentIndex: number | null; postings: Posting[] };

export type HistoryPayment = {
  purpose: 'repayment' | 'extension';
  paidOn: IsoDate;
  amountMinor: number;
  allocation: AllocationLine[];
  extensionFeeMinor: number;
  creditMinor: number;
  balanceAfterMinor: number;
  statusBefore: number;
  statusAfter: number;
};

/** What the borrower does after the payout: pay installments (on time or late, whole or half) or buy an extension. */
export type HistoryEvent =
  | { kind: 'pay-installment'; seq: number; lateDays: number; half?: boolean }
  | { kind: 'extend'; daysBeforeDue: number };

export type OrderHistory = {
  statusCode: number;
  dueDate: IsoDate | null;
  penaltyMinor: number;
  penaltyPaidMinor: number;
  penaltyThrough: IsoDate | null;
  creditMinor: number;
  extensionsUsed: number;
  settledOn: IsoDate | null;
  /** The plan's rows as they stand: due dates, what was paid of each part, the day nothing remained. */
  installments: { seq: number; dueDay: number; dueDate: IsoDate; principalMinor: number; interestMinor: number; taxMinor: number; principalPaidMinor: number; interestPaidMinor: number; taxPaidMinor: number; paidOn: IsoDate | null }[];
  payments: HistoryPayment[];
  entries: HistoryEntry[];
};

export type HistoryInput = {
  market: Market;
  pricing: Pick<ProductPricing, 'maxExtensions' | 'interestPerDayPpm' | 'taxPpm'>;
  principalMinor: number;
  commissionMinor: number;
  /** Interest of the plan after any coupon, and its tax. */
  interestMinor: number;
  taxMinor: number;
  plan: readonly Installment[];
  payoutOn: IsoDate;
  /** The last day the clock ran: the history stops there. */
  clockThrough: IsoDate;
  repeatClient: boolean;
  events: readonly HistoryEvent[];
};

type State = {
  status: number;
  balance: OrderBalance;
  penaltyMinor: number;
  penaltyThrough: IsoDate | null;
  extensionsUsed: number;
  settledOn: IsoDate | null;
  paidOn: Map<number, IsoDate>;
};

/** The clock's sweep of one day: due or overdue by the next unpaid date, then late charges up to the day. */
function clockRun(input: HistoryInput, state: State, day: IsoDate, entries: HistoryEntry[]): void {
  const dueDate = nextDueDate(state.balance);
  if (dueDate && isRepaying(state.status)) {
    const event = clockEvent(state.status, dueDate, day);
    const to = event ? nextStatus(state.status, event) : null;
    if (to !== null) state.status = to;
  }
  if (state.status !== LoanStatus.Overdue || (state.penaltyThrough !== null && state.penaltyThrough >= day)) return;
  const { feeMinor, interestMinor } = lateChargeAccrual(LOAN_RULES[input.market].lateCharges, {
    principalMinor: input.principalMinor,
    repeatClient: input.repeatClient,
    feeCharged: state.penaltyThrough !== null,
    accruedMinor: state.penaltyMinor,
    installments: state.balance.installments.map((i) => ({ dueDate: i.dueDate, unpaidMinor: installmentRemaining(i) })),
    through: state.penaltyThrough,
    today: day,
  });
  const added = feeMinor + interestMinor;
  state.penaltyMinor += added;
  state.penaltyThrough = day;
  state.balance = { ...state.balance, lateChargesMinor: state.balance.lateChargesMinor + added };
  const postings = lateChargePostings(added);
  if (postings.length > 0) entries.push({ kind: 'late-charge', bookedOn: day, paymentIndex: null, postings });
}

/** A payment applied as `applyPaymentIn` applies it (no early payoff: these pay on or after a due date). */
function applyPayment(
  state: State,
  day: IsoDate,
  payment: { purpose: 'repayment' | 'extension'; amountMinor: number; extension: { interestMinor: number; taxMinor: number; balance: OrderBalance } | null },
  out: { payments: HistoryPayment[]; entries: HistoryEntry[] },
): void {
  const statusBefore = state.status;
  let status = state.status;
  let balance = state.balance;
  let extensionFeeMinor = 0;
  if (payment.extension) {
    balance = payment.extension.balance;
    extensionFeeMinor = payment.extension.interestMinor + payment.extension.taxMinor;
    status = nextStatus(status, OrderEvent.Extended) ?? status;
  }
  const rest = payment.amountMinor - extensionFeeMinor;
  const allocation = rest > 0 ? allocatePayment(balance, rest) : { lines: [], balanceAfter: balance, creditMinor: 0 };
  const event = statusAfterPayment(status, allocation.balanceAfter, day);
  const statusAfter = event ? (nextStatus(status, event) ?? status) : status;
  for (const installment of allocation.balanceAfter.installments) {
    if (installmentRemaining(installment) === 0 && !state.paidOn.has(installment.seq)) state.paidOn.set(installment.seq, day);
  }
  state.balance = allocation.balanceAfter;
  state.status = statusAfter;
  if (payment.extension) state.extensionsUsed += 1;
  if (statusAfter === LoanStatus.Settled && state.settledOn === null) state.settledOn = day;
  const index = out.payments.length;
  out.payments.push({
    purpose: payment.purpose,
    paidOn: day,
    amountMinor: payment.amountMinor,
    allocation: allocation.lines,
    extensionFeeMinor,
    creditMinor: allocation.creditMinor,
    balanceAfterMinor: outstanding(allocation.balanceAfter),
    statusBefore,
    statusAfter,
  });
  if (payment.extension) out.entries.push({ kind: 'extension', bookedOn: day, paymentIndex: index, postings: extensionChargePostings(payment.extension) });
  out.entries.push({
    kind: 'payment',
    bookedOn: day,
    paymentIndex: index,
    postings: paymentPostings({
      amountMinor: payment.amountMinor,
      receivedInto: Account.CashInTransit,
      extensionFeeMinor,
      lines: allocation.lines,
      creditMinor: allocation.creditMinor,
    }),
  });
}

/** The day an event happens, from the schedule as it stands when its turn comes. */
function eventDay(state: State, event: HistoryEvent): IsoDate | null {
  if (event.kind === 'pay-installment') {
    const installment = state.balance.installments.find((i) => i.seq === event.seq);
    return installment ? addDays(installment.dueDate, event.lateDays) : null;
  }
  const due = nextDueDate(state.balance);
  return due ? addDays(due, -event.daysBeforeDue) : null;
}

/** Replays a paid-out order from its payout to `clockThrough`; events past that day are left out. */
export function replayOrder(input: HistoryInput): OrderHistory {
  const dueDates = dueDatesFrom(input.plan, input.payoutOn);
  const state: State = {
    status: LoanStatus.Disbursed,
    balance: openingBalance(input.plan, dueDates),
    penaltyMinor: 0,
    penaltyThrough: null,
    extensionsUsed: 0,
    settledOn: null,
    paidOn: new Map(),
  };
  const out = {
    payments: [] as HistoryPayment[],
    entries: [
      {
        kind: 'disbursal',
        bookedOn: input.payoutOn,
        paymentIndex: null,
        postings: disbursalPostings({ principalMinor: input.principalMinor, commissionMinor: input.commissionMinor, interestMinor: input.interestMinor, taxMinor: input.taxMinor }),
      },
    ] as HistoryEntry[],
  };
  for (const event of input.events) {
    if (state.status === LoanStatus.Settled) break;
    const day = eventDay(state, event);
    if (day === null || day > input.clockThrough || day <= input.payoutOn) continue;
    // The clock ran that morning, before the borrower paid.
    clockRun(input, state, day, out.entries);
    if (event.kind === 'pay-installment') {
      const installment = state.balance.installments.find((i) => i.seq === event.seq);
      if (!installment || installmentRemaining(installment) === 0) continue;
      const owed = state.balance.lateChargesMinor + state.balance.installments.filter((i) => i.seq <= event.seq).reduce((total, i) => total + installmentRemaining(i), 0);
      const amountMinor = event.half ? Math.max(1, Math.floor(owed / 2)) : owed;
      applyPayment(state, day, { purpose: 'repayment', amountMinor, extension: null }, out);
    } else {
      const dueDate = nextDueDate(state.balance);
      const offer = extensionOffer(
        input.market,
        input.pricing,
        { statusCode: state.status, extensionsUsed: state.extensionsUsed, principalMinor: input.principalMinor, dueDate, penaltyThrough: state.penaltyThrough },
        state.balance,
        day,
      );
      if (!offer.allowed) continue;
      applyPayment(state, day, { purpose: 'extension', amountMinor: offer.chargeMinor, extension: { ...offer.fee, balance: offer.schedule.balance } }, out);
    }
  }
  if (state.status !== LoanStatus.Settled) clockRun(input, state, input.clockThrough, out.entries);
  return {
    statusCode: state.status,
    dueDate: nextDueDate(state.balance),
    penaltyMinor: state.penaltyMinor,
    penaltyPaidMinor: state.penaltyMinor - state.balance.lateChargesMinor,
    penaltyThrough: state.penaltyThrough,
    creditMinor: out.payments.reduce((total, p) => total + p.creditMinor, 0),
    extensionsUsed: state.extensionsUsed,
    settledOn: state.settledOn,
    installments: input.plan.map((planned, index) => {
      const now = state.balance.installments[index];
      if (!now) throw new Error(`installment ${planned.seq} lost`);
      return {
        seq: planned.seq,
        dueDay: planned.dueDay,
        dueDate: now.dueDate,
        principalMinor: planned.principalMinor,
        interestMinor: planned.interestMinor,
        taxMinor: planned.taxMinor,
        principalPaidMinor: planned.principalMinor - now.principalMinor,
        interestPaidMinor: planned.interestMinor - now.interestMinor,
        taxPaidMinor: planned.taxMinor - now.taxMinor,
        paidOn: state.paidOn.get(planned.seq) ?? null,
      };
    }),
    payments: out.payments,
    entries: out.entries,
  };
}
