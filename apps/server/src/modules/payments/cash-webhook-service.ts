import { PAID_AT_CLOCK_SKEW_MS, PaymentExceptionReason, WebhookError, type PaymentEvent } from '@lend/contracts';
import { MARKET_SETTINGS } from '@lend/domain';
import type { Db } from '../../db/client';
import { violatedUniqueKey } from '../../db/unique-violation';
import { orderByNumber, orderOutline } from '../orders';
import { productById, productMarket } from '../products';
import { reportedReference } from '../repayment';
import { parkDelivery } from './payment-exception-service';
import { findPaymentByEvent, type PaymentRow } from './payment-repository';
import { applyPayment, type AppliedPayment } from './payment-service';
import { WebhookRefusal } from './webhook-refusal';

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
 */
export async function receiveCashPayment(db: Db, provider: string, event: PaymentEvent, now: Date, providerPaymentId?: string): Promise<AppliedPayment> {
  const seen = await findPaymentByEvent(db, provider, event.id);
  if (seen) return replayOf(db, provider, event, seen, now);
  const reported = await reportedReference(db, event.channel, event.reference);
  if (!reported) throw new WebhookRefusal(WebhookError.UnknownReference);
  const { reference, channel } = reported;
  const order = await orderByNumber(db, event.orderNo);
  if (!order || order.id !== reference.orderId) throw new WebhookRefusal(WebhookError.ReferenceOrderMismatch);
  const paidAt = new Date(event.paidAt);
  const parked = { provider, eventId: event.id, event, receivedAt: now };
  if (paidAt.getTime() > now.getTime() + PAID_AT_CLOCK_SKEW_MS) throw await parkDelivery(db, { ...parked, reason: PaymentExceptionReason.PaidInFuture });
  if (paidAt.getTime() < reference.createdAt.getTime()) throw await parkDelivery(db, { ...parked, reason: PaymentExceptionReason.PaidBeforeReference });
  // A reference backed by the provider's own payment is closed by the provider (it expires an OXXO
  // voucher, we cancel a replaced transfer's intent): what it reports as paid was taken in time, and
  // may be confirmed after the deadline, as OXXO payments are the next day (docs/decisions/115).
  if (!reference.providerPaymentId && paidAt.getTime() >= reference.expiresAt.getTime()) throw new WebhookRefusal(WebhookError.ReferenceExpired);
  const product = await productById(db, order.productId);
  if (!product || MARKET_SETTINGS[productMarket(product)].currency !== event.currency) throw new WebhookRefusal(WebhookError.WrongCurrency);
  if (event.amountMinor <= 0 || event.amountMinor < channel.minAmountMinor || event.amountMinor > channel.maxAmountMinor) {
    throw new WebhookRefusal(WebhookError.AmountOutOfRange);
  }
  const applied = await applyOnce(db, provider, event, () => applyPayment(
    db,
    {
      orderId: order.id,
      provider,
      providerEventId: event.id,
      ...(providerPaymentId ? { providerPaymentId } : {}),
      purpose: reference.requestType === 2 ? 'extension' : 'repayment',
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
 */
async function applyOnce(db: Db, provider: string, event: PaymentEvent, apply: () => Promise<AppliedPayment>): Promise<AppliedPayment> {
  try {
    return await apply();
  } catch (error) {
    if (violatedUniqueKey(error) !== 'payments_provider_event') throw error;
    const winner = await findPaymentByEvent(db, provider, event.id);
    if (!winner) throw error;
    return { payment: winner, replay: true };
  }
}
