import { PaymentExceptionReason, WebhookError, type PaymentExceptionReasonValue, type PaymentExceptionState, type WebhookErrorCode } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { hasPaymentException, insertPaymentException, paymentExceptionsPage, type PaymentExceptionRow } from './payment-exception-repository';
import { WebhookRefusal } from './webhook-refusal';

/** What the provider is answered for each reason a delivery is kept for an operator. */
const REFUSAL = {
  event_id_reused: WebhookError.EventIdReused,
  paid_in_future: WebhookError.PaidAtOutOfRange,
  paid_before_reference: WebhookError.PaidAtOutOfRange,
  unknown_refund: WebhookError.UnknownReference,
  // The reconciler parks these itself with the refusal it met (parkRefusedPayment); a webhook is answered that refusal.
  provider_payment_refused: WebhookError.InvalidEvent,
  borrower_deleted: WebhookError.BorrowerDeleted,
} as const satisfies Record<PaymentExceptionReasonValue, string>;

export type ParkedDelivery = {
  provider: string;
  eventId: string;
  reason: PaymentExceptionReasonValue;
  event: Record<string, unknown>;
  paymentId?: number | null;
  receivedAt: Date;
};

/**
 * Keeps a delivery no rule may apply for an operator to look into (docs/decisions/113), then
 * refuses it: the refusal to throw is returned so a caller writes `throw await park(...)`.
 */
export async function parkDelivery(db: Queryable, delivery: ParkedDelivery): Promise<WebhookRefusal> {
  await keepForOperator(db, delivery);
  return new WebhookRefusal(REFUSAL[delivery.reason]);
}

/**
 * `parkDelivery` kept once per event and reason: the provider's retries of a refused delivery, and
 * the reconciler's passes, find it kept and add nothing (docs/decisions/223).
 */
export async function parkDeliveryOnce(db: Queryable, delivery: ParkedDelivery): Promise<WebhookRefusal> {
  if (await hasPaymentException(db, delivery.provider, delivery.eventId, delivery.reason)) return new WebhookRefusal(REFUSAL[delivery.reason]);
  return parkDelivery(db, delivery);
}

/**
 * Keeps a provider's event for an operator without refusing it: a refund event we cannot place is
 * acknowledged, since the provider has nothing to correct by sending it again (docs/decisions/126).
 */
export async function keepForOperator(db: Queryable, delivery: ParkedDelivery): Promise<void> {
  await insertPaymentException(db, { ...delivery, paymentId: delivery.paymentId ?? null });
}

/** Refusals `receiveCashPayment` keeps for an operator itself. */
const PARKED_ALREADY: readonly WebhookErrorCode[] = [WebhookError.EventIdReused, WebhookError.PaidAtOutOfRange, WebhookError.BorrowerDeleted];

/**
 * A payment the cash reconciler found at a provider that a rule refuses (docs/decisions/128):
 * there is no provider to answer, so it is kept for an operator, once per payment and refusal,
 * however many passes meet it again. Refusals that park themselves (a reused id, an impossible
 * time) were kept on the way.
 */
export async function parkRefusedPayment(
  db: Queryable,
  found: { provider: string; eventId: string; event: Record<string, unknown>; refusal: WebhookErrorCode; receivedAt: Date },
): Promise<void> {
  if (PARKED_ALREADY.includes(found.refusal)) return;
  const reason = PaymentExceptionReason.ProviderPaymentRefused;
  if (await hasPaymentException(db, found.provider, found.eventId, reason)) return;
  await insertPaymentException(db, { provider: found.provider, eventId: found.eventId, reason, event: { ...found.event, refused: found.refusal }, paymentId: null, receivedAt: found.receivedAt });
}

/** One page of kept deliveries in a state (open, resolved or all), newest first. */
export function paymentExceptionPage(db: Queryable, state: PaymentExceptionState, page: PageRequest<readonly [number]>): Promise<PaymentExceptionRow[]> {
  return paymentExceptionsPage(db, state, page);
}
