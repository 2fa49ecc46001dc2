import { ErrorCode, LoanStatus, PAID_AT_CLOCK_SKEW_MS, PaymentExceptionReason, WebhookError, type PaymentEvent } from '@lend/contracts';
import {
  Account,
  allocatePayment,
  clockDay,
  applyPayoffRebate,
  extensionChargePostings,
  formatDate,
  nextStatus,
  OrderEvent,
  outstanding,
  paymentPostings,
  rebatePostings,
  recoveryPostings,
  isRepaying,
  lossPartsOf,
  MARKET_SETTINGS,
  nextDueDate,
  statusAfterPayment,
  type Market,
  type OrderBalance,
  type PayoffRebate,
} from '@lend/domain';
import type { Db, Tx } from '../../db/client';
import { violatedUniqueKey } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { currentMetrics } from '../../metrics';
import { isWrittenOff, keepPaymentPlan, paymentPlanInForce, recordRecovery, recordSettlementPayment, settlementInForce, settlementReached } from '../collections';
import { insertEntry } from '../ledger';
import {
  balanceOf,
  extensionOffer,
  installmentChanges,
  lockOrderForMoney,
  orderByNumber,
  orderOutline,
  orderPayoffQuote,
  saveMoneyChanges,
  type InstallmentRow,
  type OrderRow,
} from '../orders';
import { productById, productMarket, type ProductRow } from '../products';
import { markReferencePaid, reportedReference } from '../repayment';
import { isErasedBorrower } from '../sessions';
import { parkDelivery, parkDeliveryOnce, type ParkedDelivery } from './payment-exception-service';
import { countOrderPayments, findPaymentByEvent, insertPayment, type PaymentRow } from './payment-repository';
import { WebhookRefusal } from './webhook-refusal';

/** Money that reached us for an order, as a provider reported it or an operator recorded it. */
export type IncomingPayment = {
  orderId: number;
  /** 'manual' for an operator's record; otherwise the provider's name. */
  provider: string;
  /** The provider's id of the event: the same id is applied once. */
  providerEventId: string;
  /** The provider's id of the payment when the event's is another (Razorpay's `pay_…`). */
  providerPaymentId?: string;
  purpose: 'repayment' | 'extension';
  referenceId: number | null;
  /** The amount the reference was issued for; an extension is granted when it is paid in full. */
  referenceAmountMinor: number | null;
  channelCode: string;
  amountMinor: number;
  paidAt: Date;
  recordedBy?: string;
  note?: string;
};

/** A payment applied now (in its order's market), or the receipt of the same event applied before. */
export type AppliedPayment = { payment: PaymentRow; replay: false; market: Market } | { payment: PaymentRow; replay: true };

/** A transfer received in the lender's own account, outside any provider, as an operator records it. */
export function manualTransfer(transfer: {
  orderId: number;
  eventId: string;
  amountMinor: number;
  paidAt: Date;
  recordedBy: string;
  note?: string;
}): IncomingPayment {
  return {
    orderId: transfer.orderId,
    provider: 'manual',
    providerEventId: transfer.eventId,
    purpose: 'repayment',
    referenceId: null,
    referenceAmountMinor: null,
    channelCode: '',
    amountMinor: transfer.amountMinor,
    paidAt: transfer.paidAt,
    recordedBy: transfer.recordedBy,
    ...(transfer.note === undefined ? {} : { note: transfer.note }),
  };
}

/**
 * A reference's payment whose borrower deleted their account: thrown under the order's lock, so the
 * transaction writes nothing, and kept for an operator by `receiveCashPayment` (docs/decisions/223).
 */
class ErasedBorrowerPayment extends Error {
  override name = 'ErasedBorrowerPayment';
}

type Working = { order: OrderRow; product: ProductRow; installments: InstallmentRow[]; today: string; balance: OrderBalance };

/** The extension a payment buys, if it is one the product allows now and it pays the reference in full. */
function grantedExtension(w: Working, incoming: IncomingPayment) {
  if (incoming.purpose !== 'extension' || incoming.referenceAmountMinor === null) return null;
  if (incoming.amountMinor < incoming.referenceAmountMinor) return null;
  const offer = extensionOffer(w.order, w.product, w.installments, w.today);
  if (!offer.allowed) return null;
  if (incoming.amountMinor < offer.fee.interestMinor + offer.fee.taxMinor) return null;
  return { fee: offer.fee, schedule: offer.schedule };
}

/** The interest not yet earned, taken off when this payment pays the loan off early. */
function earnedRebates(w: Working, amountMinor: number): PayoffRebate[] {
  // The payoff quote's day (the order clock's), so paying the quoted amount settles the loan.
  const quote = orderPayoffQuote(w.order, w.installments, w.product, clockDay(w.order, w.today));
  if (!quote.allowed || quote.rebateMinor === 0 || amountMinor < quote.payoffMinor) return [];
  return quote.rebates;
}

/** The balance with nothing left on it: what a settlement leaves once its amount is paid. */
function nothingOwed(balance: OrderBalance): OrderBalance {
  return { lateChargesMinor: 0, installments: balance.installments.map((i) => ({ ...i, principalMinor: 0, interestMinor: 0, taxMinor: 0 })) };
}

/** `applyPayment` inside the caller's transaction (the demo data settles an order this way). */
export async function applyPaymentIn(tx: Tx, incoming: IncomingPayment, now: Date): Promise<AppliedPayment> {
  if (!Number.isSafeInteger(incoming.amountMinor) || incoming.amountMinor <= 0) throw new AppError(ErrorCode.AmountMismatch);
  const locked = await lockOrderForMoney(tx, incoming.orderId);
  if (!locked) throw new AppError(ErrorCode.NotFound);
  // Under the order's lock: a second delivery of the same event waits, then finds the first.
  const seen = await findPaymentByEvent(tx, incoming.provider, incoming.providerEventId);
  if (seen) return { payment: seen, replay: true };
  const { order, product, installments } = locked;
  // The deletion holds this lock while it voids the references (docs/decisions/223): read after it, an erased borrower is seen.
  if (incoming.referenceId !== null && (await isErasedBorrower(tx, order.borrowerId))) throw new ErasedBorrowerPayment();
  const market = productMarket(product);
  const today = formatDate(now, market);
  const w: Working = { order, product, installments, today, balance: balanceOf(order, installments) };
  const repaying = isRepaying(order.statusCode);
  // Money on a written-off order is a recovery: it pays the debt, buys no extension and earns no rebate (docs/decisions/244).
  const writtenOff = await isWrittenOff(tx, order.id);
  // Money on an order under an accepted settlement counts towards it (docs/decisions/245): like a recovery, it buys no extension and earns no rebate.
  const settlement = await settlementInForce(tx, order.id, today, now);
  // Money under a payment plan in force pays the plan's installments (docs/decisions/250): the plan holds no interest not yet earned, so it earns no rebate (and buys no extension).
  const plan = await paymentPlanInForce(tx, order.id);
  const plainRepayment = !writtenOff && settlement === null && plan === null;

  let status = order.statusCode;
  let balance = w.balance;
  let extensionFeeMinor = 0;
  const extension = repaying && plainRepayment ? grantedExtension(w, incoming) : null;
  if (extension) {
    balance = extension.schedule.balance;
    extensionFeeMinor = extension.fee.interestMinor + extension.fee.taxMinor;
    status = nextStatus(status, OrderEvent.Extended) ?? status;
  }
  const rebates = repaying && !extension && plainRepayment ? earnedRebates(w, incoming.amountMinor) : [];
  if (rebates.length > 0) balance = applyPayoffRebate(balance, rebates);
  const rest = incoming.amountMinor - extensionFeeMinor;
  const allocation = rest > 0 ? allocatePayment(balance, rest) : { lines: [], balanceAfter: balance, creditMinor: 0 };
  // Reaching the settlement's amount waives whatever the order still owes after this payment, in this transaction.
  const settlementWaiver = settlement && settlementReached(settlement, incoming.amountMinor) ? lossPartsOf(allocation.balanceAfter) : null;
  const balanceAfter = settlementWaiver ? nothingOwed(allocation.balanceAfter) : allocation.balanceAfter;
  const event = statusAfterPayment(status, balanceAfter, today);
  const statusAfter = event ? (nextStatus(status, event) ?? status) : status;

  const waived = new Map<number, { interestMinor: number; taxMinor: number }>(rebates.map((r) => [r.seq, r]));
  // A settlement's waived interest and tax are kept as waived on the installments, as a payoff's rebate is.
  if (settlementWaiver) for (const left of allocation.balanceAfter.installments) waived.set(left.seq, { interestMinor: left.interestMinor, taxMinor: left.taxMinor });
  await saveMoneyChanges(
    tx,
    order.id,
    installmentChanges(installments, balanceAfter, waived, now),
    {
      statusCode: statusAfter,
      penaltyPaidMinor: order.penaltyMinor - balanceAfter.lateChargesMinor,
      creditMinor: order.creditMinor + allocation.creditMinor,
      dueDate: order.disbursedAt ? nextDueDate(balanceAfter) : order.dueDate,
      extensionsUsed: order.extensionsUsed + (extension ? 1 : 0),
      ...(statusAfter === LoanStatus.Settled && order.settledAt === null ? { settledAt: now } : {}),
    },
    now,
  );
  const payment = await insertPayment(tx, {
    receiptNo: `${order.orderNo}-${(await countOrderPayments(tx, order.id)) + 1}`,
    orderId: order.id,
    referenceId: incoming.referenceId,
    provider: incoming.provider,
    providerEventId: incoming.providerEventId,
    providerPaymentId: incoming.providerPaymentId ?? null,
    purpose: incoming.purpose,
    channelCode: incoming.channelCode,
    amountMinor: incoming.amountMinor,
    paidAt: incoming.paidAt,
    appliedAt: now,
    allocation: allocation.lines,
    rebateMinor: rebates.reduce((total, r) => total + r.interestMinor + r.taxMinor, 0),
    extensionFeeMinor,
    creditMinor: allocation.creditMinor,
    balanceAfterMinor: outstanding(balanceAfter),
    statusBefore: order.statusCode,
    statusAfter,
    recordedBy: incoming.recordedBy ?? null,
    note: incoming.note ?? null,
  });
  if (incoming.referenceId !== null) await markReferencePaid(tx, incoming.referenceId, now);
  const entry = { orderId: order.id, paymentId: payment.id, bookedOn: today };
  if (rebates.length > 0) await insertEntry(tx, { ...entry, kind: 'rebate', postings: rebatePostings(rebates) });
  if (extension) await insertEntry(tx, { ...entry, kind: 'extension', postings: extensionChargePostings(extension.fee) });
  const receivedInto = incoming.provider === 'manual' ? Account.LenderCash : Account.CashInTransit;
  const recoveredMinor = writtenOff ? allocation.lines.reduce((total, line) => total + line.amountMinor, 0) : 0;
  if (writtenOff) await recordRecovery(tx, order.id, recoveredMinor);
  await insertEntry(tx, {
    ...entry,
    kind: 'payment',
    postings: writtenOff
      ? recoveryPostings({ amountMinor: incoming.amountMinor, receivedInto, recoveredMinor, creditMinor: allocation.creditMinor })
      : paymentPostings({ amountMinor: incoming.amountMinor, receivedInto, extensionFeeMinor, lines: allocation.lines, creditMinor: allocation.creditMinor }),
  });
  if (plan && statusAfter === LoanStatus.Settled) await keepPaymentPlan(tx, plan, now);
  if (settlement) {
    await recordSettlementPayment(tx, settlement, { orderId: order.id, paymentId: payment.id, amountMinor: incoming.amountMinor, waived: settlementWaiver, writtenOff, today, now });
  }
  return { payment, replay: false as const, market };
}

/**
 * Counts a payment applied, by provider and market (docs/decisions/170), once the transaction that
 * applied it committed: a rolled-back one never reached the books. A replay is not counted again.
 */
export function paymentCommitted(applied: AppliedPayment): AppliedPayment {
  if (!applied.replay) currentMetrics().paymentApplied(applied.payment.provider, applied.market);
  return applied;
}

/**
 * Applies money received for an order exactly once (docs/decisions/072), in one transaction with
 * the order locked: an extension first when the money pays one the product allows, else the
 * interest not yet earned taken off when it pays the loan off; then the allocation rule; the
 * installments, the order's status, its receipt and its ledger entries together. The same
 * provider event applied again changes nothing and answers the first receipt.
 */
export async function applyPayment(db: Db, incoming: IncomingPayment, now = new Date()): Promise<AppliedPayment> {
  return paymentCommitted(await db.transaction((tx) => applyPaymentIn(tx, incoming, now)));
}

/**
 * Whether a delivery of an event id already applied says what the first said: the same order,
 * reference, amount and currency. Anything else is not a replay but a second payment, or a
 * mistake, under a reused id (docs/decisions/113).
 */
async function saysTheSame(db: Db, first: PaymentRow, event: PaymentEvent): Promise<boolean> {
  if (first.amountMinor !== event.amountMinor) return false;
  const order = await orderByNumber(db, event.orderNo);
  if (!order || order.id !== first.orderId) return false;
  const reported = await reportedReference(db, event.channel, event.reference);
  if (!reported || reported.reference.id !== first.referenceId) return false;
  const { market } = await orderOutline(db, first.orderId);
  return MARKET_SETTINGS[market].currency === event.currency;
}

/** The first receipt for the same event again; another event under the same id is kept for an operator. */
async function replayOf(db: Db, provider: string, event: PaymentEvent, first: PaymentRow, now: Date): Promise<AppliedPayment> {
  if (await saysTheSame(db, first, event)) return { payment: first, replay: true };
  throw await parkDelivery(db, { provider, eventId: event.id, reason: PaymentExceptionReason.EventIdReused, event, paymentId: first.id, receivedAt: now });
}

/**
 * A cash payment a provider reports, checked against what we issued before it is applied
 * (docs/decisions/073, 113): an event id seen before must say what it said then; then the
 * reference at that channel, its order, a payment time between the reference's issue and our
 * receipt (with `PAID_AT_CLOCK_SKEW_MS` for the provider's clock), its expiry at the time paid
 * (unless the provider holds a payment of its own for it, which it closes itself),
 * the order's currency and the channel's limits. Then `applyPayment` applies it once per
 * (provider, event id): an extension reference buys the extension, any other repays.
 * `providerPaymentId` is the provider's own id of the payment when its event is named otherwise.
 * Money the provider took from what a borrower's transfer left in their balance there (a transfer of
 * less or more than the reference, docs/decisions/225) is `fromBalance`: it repays, whatever the
 * reference was for, and the channel's limits, which bound what a borrower is asked to pay, do not
 * refuse money already taken.
 */
export async function receiveCashPayment(
  db: Db,
  provider: string,
  event: PaymentEvent,
  now: Date,
  providerPaymentId?: string,
  fromBalance = false,
): Promise<AppliedPayment> {
  const seen = await findPaymentByEvent(db, provider, event.id);
  if (seen) return replayOf(db, provider, event, seen, now);
  const reported = await reportedReference(db, event.channel, event.reference);
  if (!reported) throw new WebhookRefusal(WebhookError.UnknownReference);
  const { reference, channel } = reported;
  const order = await orderByNumber(db, event.orderNo);
  if (!order || order.id !== reference.orderId) throw new WebhookRefusal(WebhookError.ReferenceOrderMismatch);
  const paidAt = new Date(event.paidAt);
  const parked = { provider, eventId: event.id, event, receivedAt: now };
  // Money for a borrower who deleted their account is no one's credit: an operator returns it (docs/decisions/223).
  const erased = { ...parked, reason: PaymentExceptionReason.BorrowerDeleted };
  if (await isErasedBorrower(db, order.borrowerId)) throw await parkDeliveryOnce(db, erased);
  if (paidAt.getTime() > now.getTime() + PAID_AT_CLOCK_SKEW_MS) throw await parkDelivery(db, { ...parked, reason: PaymentExceptionReason.PaidInFuture });
  if (paidAt.getTime() < reference.createdAt.getTime()) throw await parkDelivery(db, { ...parked, reason: PaymentExceptionReason.PaidBeforeReference });
  // A reference backed by the provider's own payment is closed by the provider (it expires an OXXO
  // voucher, we cancel a replaced transfer's intent): what it reports as paid was taken in time, and
  // may be confirmed after the deadline, as OXXO payments are the next day (docs/decisions/115).
  if (!reference.providerPaymentId && paidAt.getTime() >= reference.expiresAt.getTime()) throw new WebhookRefusal(WebhookError.ReferenceExpired);
  const product = await productById(db, order.productId);
  if (!product || MARKET_SETTINGS[productMarket(product)].currency !== event.currency) throw new WebhookRefusal(WebhookError.WrongCurrency);
  const withinLimits = fromBalance || (event.amountMinor >= channel.minAmountMinor && event.amountMinor <= channel.maxAmountMinor);
  if (event.amountMinor <= 0 || !withinLimits) throw new WebhookRefusal(WebhookError.AmountOutOfRange);
  const applied = await applyOnce(db, provider, event, erased, () => applyPayment(
    db,
    {
      orderId: order.id,
      provider,
      providerEventId: event.id,
      ...(providerPaymentId ? { providerPaymentId } : {}),
      purpose: reference.requestType === 2 && !fromBalance ? 'extension' : 'repayment',
      referenceId: reference.id,
      referenceAmountMinor: reference.amountMinor,
      channelCode: channel.code,
      amountMinor: event.amountMinor,
      paidAt,
    },
    now,
  ));
  // Another delivery of the id was applied between the look above and the order's lock.
  return applied.replay ? replayOf(db, provider, event, applied.payment, now) : applied;
}

/**
 * Applies the payment; when a delivery of the same id for another order won the race (each held
 * only its own order's lock), the database's unique key refuses this one and the winner answers.
 * A payment whose borrower was erased under the lock is kept for an operator instead.
 */
async function applyOnce(db: Db, provider: string, event: PaymentEvent, erased: ParkedDelivery, apply: () => Promise<AppliedPayment>): Promise<AppliedPayment> {
  try {
    return await apply();
  } catch (error) {
    // The deletion committed while this payment waited for the order's lock.
    if (error instanceof ErasedBorrowerPayment) throw await parkDeliveryOnce(db, erased);
    if (violatedUniqueKey(error) !== 'payments_provider_event') throw error;
    const winner = await findPaymentByEvent(db, provider, event.id);
    if (!winner) throw error;
    return { payment: winner, replay: true };
  }
}
