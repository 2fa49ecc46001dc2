import { z } from 'zod';
import { Limits } from './limits';
import { pageQuerySchema, pageSchema } from './paging';

/** Base path of the calls payment providers make to us; one path per configured provider. */
export const WEBHOOK_BASE = '/webhooks/payments';

/** The header a provider signs its deliveries with: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'lend-signature';

/** How far a delivery's signed time may be from ours, either way, before it is refused as stale. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * Deliveries one address may make per minute: far above any provider's pace (20 at once pass),
 * low enough that a flood of forged ones is cut off before it costs us much.
 */
export const WEBHOOK_DELIVERIES_PER_MINUTE = 600;

/**
 * How far a reported payment time may be ahead of our clock when the delivery arrives: a
 * provider's clock may run a little fast; a payment further ahead has not happened yet.
 */
export const PAID_AT_CLOCK_SKEW_MS = 5 * 60_000;

/** A payment a cash provider reports: the money paid against one of our references. */
export const paymentEventSchema = z.object({
  /** The provider's id of the event: delivered again, it is applied once. */
  id: z.string().trim().min(1).max(100),
  type: z.literal('payment.succeeded'),
  reference: z.string().trim().min(1).max(40),
  channel: z.string().trim().min(1).max(40),
  orderNo: z.string().trim().min(1).max(32),
  amountMinor: z.number().int(),
  currency: z.enum(['MXN', 'INR']),
  paidAt: z.iso.datetime({ offset: true }),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** What a provider is answered when the delivery was taken (a replay included). */
export const webhookReceivedSchema = z.object({ received: z.literal(true), receiptNo: z.string(), replay: z.boolean() });
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;

/** Why a delivery was refused; providers read these, so they are English and stable. */
export const WebhookError = {
  BadSignature: 'bad_signature',
  StaleTimestamp: 'stale_timestamp',
  InvalidEvent: 'invalid_event',
  UnknownReference: 'unknown_reference',
  ReferenceOrderMismatch: 'reference_order_mismatch',
  ReferenceExpired: 'reference_expired',
  WrongCurrency: 'wrong_currency',
  AmountOutOfRange: 'amount_out_of_range',
  /** The event id was applied before with another order, reference, amount or currency. */
  EventIdReused: 'event_id_reused',
  /** Paid after we received it, or before its reference existed. */
  PaidAtOutOfRange: 'paid_at_out_of_range',
  /** The reference's borrower deleted their account; the payment is kept for an operator to return (docs/decisions/223). */
  BorrowerDeleted: 'borrower_deleted',
  TooManyRequests: 'too_many_requests',
  Internal: 'internal_error',
} as const;
export type WebhookErrorCode = (typeof WebhookError)[keyof typeof WebhookError];

export const webhookErrorSchema = z.object({ error: z.string(), message: z.string() });
export type WebhookErrorAnswer = z.infer<typeof webhookErrorSchema>;

/** `GET /payment-references/:reference` (operator): the reference as the simulator needs it. */
export const paymentReferenceLookupQuerySchema = z.object({ channel: z.string().trim().min(1).max(40).optional() });
export const paymentReferenceInfoSchema = z.object({
  reference: z.string(),
  channel: z.string(),
  orderNo: z.string(),
  market: z.enum(['MX', 'IN']),
  currency: z.enum(['MXN', 'INR']),
  amountMinor: z.number().int(),
  expiresAt: z.string(),
  requestType: z.union([z.literal(1), z.literal(2)]),
});
export type PaymentReferenceInfo = z.infer<typeof paymentReferenceInfoSchema>;

/** Why a provider's delivery was kept for an operator instead of being applied (docs/decisions/113). */
export const PaymentExceptionReason = {
  /** The event id was applied before with another order, reference, amount or currency. */
  EventIdReused: 'event_id_reused',
  /** Paid later than we received it, beyond the allowed clock skew. */
  PaidInFuture: 'paid_in_future',
  /** Paid before the reference it names was issued. */
  PaidBeforeReference: 'paid_before_reference',
  /** A provider's event about a refund we never asked it for (one made in its dashboard, say). */
  UnknownRefund: 'unknown_refund',
  /**
   * A payment the provider holds that a rule refuses (a reference we never issued, another
   * currency, an amount outside the channel's limits, a reference expired when paid), found by the
   * cash reconciler, which has no provider to answer (docs/decisions/128). The refusal's code is
   * kept with the event as `refused`.
   */
  ProviderPaymentRefused: 'provider_payment_refused',
  /**
   * A reference paid after its borrower deleted their account (the deletion voided it): never
   * credited to someone no one can reach, kept for an operator to return to the payer (docs/decisions/223).
   */
  BorrowerDeleted: 'borrower_deleted',
} as const;
export type PaymentExceptionReasonValue = (typeof PaymentExceptionReason)[keyof typeof PaymentExceptionReason];

/**
 * How an operator closed a kept delivery (docs/decisions/208): the money was recorded by hand as a
 * transfer (`applied_by_hand`), sent back to the payer outside the system (`returned_to_payer`), or
 * never moved at all, a duplicate or a test (`no_money_moved`). Saying so moves no money.
 */
export const PAYMENT_EXCEPTION_OUTCOMES = ['applied_by_hand', 'returned_to_payer', 'no_money_moved'] as const;
export type PaymentExceptionOutcome = (typeof PAYMENT_EXCEPTION_OUTCOMES)[number];
/** Which kept deliveries a list shows: those still waiting for an operator, those closed, or both. */
export const PAYMENT_EXCEPTION_STATES = ['open', 'resolved', 'all'] as const;
export type PaymentExceptionState = (typeof PAYMENT_EXCEPTION_STATES)[number];

/** `GET /payment-exceptions` (operator): one delivery kept for an operator, with the event as it was sent. */
export const paymentExceptionSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  eventId: z.string(),
  reason: z.enum([
    PaymentExceptionReason.EventIdReused,
    PaymentExceptionReason.PaidInFuture,
    PaymentExceptionReason.PaidBeforeReference,
    PaymentExceptionReason.UnknownRefund,
    PaymentExceptionReason.ProviderPaymentRefused,
    PaymentExceptionReason.BorrowerDeleted,
  ]),
  /** The payment the event id made first, when it made one. */
  paymentId: z.number().int().nullable(),
  event: z.record(z.string(), z.unknown()),
  receivedAt: z.string(),
  /** What an operator did about it; null while it is open (docs/decisions/208). */
  resolution: z
    .object({
      outcome: z.enum(PAYMENT_EXCEPTION_OUTCOMES),
      note: z.string(),
      /** The staff member's e-mail, or `token` for the operator token, as the audit log names them. */
      by: z.string(),
      at: z.string(),
    })
    .nullable(),
});
export type PaymentException = z.infer<typeof paymentExceptionSchema>;
export const paymentExceptionPageSchema = pageSchema(paymentExceptionSchema);

/** `GET /payment-exceptions?state=`: the open ones unless asked otherwise. */
export const paymentExceptionListQuerySchema = pageQuerySchema.extend({ state: z.enum(PAYMENT_EXCEPTION_STATES).default('open') });
export const paymentExceptionParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** `POST /payment-exceptions/:id/resolve`: what was done, and a note saying how (a bank reference, a ticket). */
export const paymentExceptionResolveRequestSchema = z.object({
  resolution: z.enum(PAYMENT_EXCEPTION_OUTCOMES),
  note: z.string().trim().min(1).max(Limits.paymentExceptionNoteMax),
});
export type PaymentExceptionResolveRequest = z.infer<typeof paymentExceptionResolveRequestSchema>;

/**
 * `POST /payments/cash-reconcile` (operator): what one pass of the cash reconciler did
 * (docs/decisions/128). `checked` references asked of their provider; `applied` payments found
 * that had never reached us; `replayed` found already applied; `parked` kept for an operator;
 * `failed` references the provider could not answer for (asked again on the next pass).
 */
export const cashReconcileResultSchema = z.object({
  checked: z.number().int(),
  applied: z.number().int(),
  replayed: z.number().int(),
  parked: z.number().int(),
  failed: z.number().int(),
});
export type CashReconcileResult = z.infer<typeof cashReconcileResultSchema>;
