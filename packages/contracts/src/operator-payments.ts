import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';

const orderNo = z.string().trim().min(1).max(32);

/** A refund above the staff limit waiting for a second person, or decided (docs/decisions/180). */
export const refundApprovalViewSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  outside: z.boolean(),
  note: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'declined']),
  requestedBy: z.string(),
  /** The staff id of the person who asked; null when the token asked. */
  requestedByStaffId: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  refundId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type RefundApprovalView = z.infer<typeof refundApprovalViewSchema>;

export const refundApprovalListQuerySchema = pageQuerySchema.extend({ status: z.enum(['pending', 'approved', 'declined']).optional() });
export const refundApprovalPageSchema = pageSchema(refundApprovalViewSchema);
export const refundApprovalParamsSchema = z.object({ approvalId: z.coerce.number().int().positive().max(2_147_483_647) });
/** Declining says why, for the audit log and the asker. */
export const refundApprovalDeclineSchema = z.object({ note: z.string().trim().min(1).max(200) });

/** A card or checkout payment still waiting on the provider (docs/decisions/181). */
export const pendingCardChargeSchema = z.object({
  recordNo: z.string(),
  orderNo: z.string(),
  provider: z.string(),
  method: z.string(),
  amountMinor: z.number().int(),
  /** The order's market's currency and market (its time zone): pesos and rupees share the list (docs/decisions/238). */
  currency: z.string(),
  market: z.enum(['MX', 'IN']),
  status: z.string(),
  chargeStartedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PendingCardCharge = z.infer<typeof pendingCardChargeSchema>;
export const pendingCardChargePageSchema = pageSchema(pendingCardChargeSchema);
export const cardRecordParamsSchema = z.object({ recordNo: z.string().trim().min(1).max(40) });
/** One charge asked of its provider: what it is now, and whether this call changed it. */
export const cardReconcileOneResultSchema = z.object({ recordNo: z.string(), status: z.string(), changed: z.boolean(), paymentId: z.number().int().nullable() });
export type CardReconcileOneResult = z.infer<typeof cardReconcileOneResultSchema>;

/** Where a cash reference stands: paid (a payment names it), replaced, expired, or open. */
export const REFERENCE_STATES = ['open', 'paid', 'expired', 'replaced'] as const;
export type ReferenceState = (typeof REFERENCE_STATES)[number];
export const issuedReferenceSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  channelCode: z.string(),
  reference: z.string(),
  purpose: z.enum(['repayment', 'extension']),
  amountMinor: z.number().int(),
  currency: z.string(),
  market: z.enum(['MX', 'IN']),
  issuedBy: z.string().nullable(),
  state: z.enum(REFERENCE_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type IssuedReference = z.infer<typeof issuedReferenceSchema>;
export const issuedReferenceQuerySchema = pageQuerySchema.extend({ orderNo: orderNo.optional(), state: z.enum(REFERENCE_STATES).optional() });
export const issuedReferencePageSchema = pageSchema(issuedReferenceSchema);

/**
 * What became of a provider's delivery (docs/decisions/182): applied (a payment), duplicate (an
 * event id delivered again with other content), refused (kept for an operator by a rule), unknown
 * (about a refund we never made). An identical redelivery is answered as a replay and not stored.
 */
export const WEBHOOK_OUTCOMES = ['applied', 'duplicate', 'refused', 'unknown'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
export const webhookDeliverySchema = z.object({
  /** `payment-<id>` or `exception-<id>`: unique across both stores. */
  key: z.string(),
  provider: z.string(),
  eventId: z.string(),
  outcome: z.enum(WEBHOOK_OUTCOMES),
  /** Why it was kept for an operator; null when applied. */
  reason: z.string().nullable(),
  orderNo: z.string().nullable(),
  amountMinor: z.number().int().nullable(),
  /** The currency the delivery stated, else its order's; null when neither is known. */
  currency: z.string().nullable(),
  /** The market of the order it names; null when it names none we hold. */
  market: z.enum(['MX', 'IN']).nullable(),
  receivedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryQuerySchema = pageQuerySchema.extend({ outcome: z.enum(WEBHOOK_OUTCOMES).optional(), provider: z.string().trim().min(1).max(40).optional() });
export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema);
