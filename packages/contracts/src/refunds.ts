import { z } from 'zod';
import { refundApprovalViewSchema } from './operator-payments';
import { pageQuerySchema, pageSchema } from './paging';

const orderNo = z.string().trim().min(1).max(32);
const amountMinor = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The borrower asks for their order's credit back (docs/decisions/119); asking again answers the same request. */
export const refundRequestBodySchema = z.object({ orderId: orderNo });
export type RefundRequestBody = z.input<typeof refundRequestBodySchema>;

export const refundRequestAnswerSchema = z.object({
  requestId: z.number().int(),
  orderNo: z.string(),
  /** The credit the order held when the borrower asked, in minor units, and as the borrower reads it. */
  creditMinor: z.number().int(),
  creditText: z.string(),
  status: z.enum(['open', 'refunded']),
  /** What happens next, in the borrower's language. */
  message: z.string(),
});
export type RefundRequestAnswer = z.infer<typeof refundRequestAnswerSchema>;

/**
 * An operator sends an order's credit back: through the provider that took the money, or, with
 * `outside` and a `note` (the bank's reference), as a transfer the lender made itself. Without
 * `amountMinor`, the whole credit. The same `idempotencyKey` is the same refund.
 */
export const refundCreateSchema = z
  .object({
    orderNo,
    amountMinor: amountMinor.optional(),
    outside: z.boolean().default(false),
    note: z.string().trim().min(1).max(200).optional(),
    recordedBy: z.string().trim().min(1).max(100),
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_:.-]{8,80}$/)
      .optional(),
  })
  .refine((body) => !body.outside || body.note !== undefined, { message: 'an outside refund needs a note', path: ['note'] });
export type RefundCreate = z.input<typeof refundCreateSchema>;

export const refundViewSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  provider: z.string(),
  providerRefundId: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  requestId: z.number().int().nullable(),
  recordedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

/**
 * `replay`: this idempotency key made a refund (or a request) before; it is that one. Above the
 * staff limit no refund is made: `approval` is the request waiting for a second person
 * (docs/decisions/180) and `refund` is null.
 */
/** A second administrator's approval: the request as it stands and the refund it wrote. */
export const refundApprovalApproveResultSchema = z.object({ replay: z.boolean(), approval: refundApprovalViewSchema, refund: refundViewSchema });
/** A second administrator's refusal: the request as it stands; nothing moved. */
export const refundApprovalDeclineResultSchema = z.object({ replay: z.boolean(), approval: refundApprovalViewSchema });
/**
 * `refund` is the first refund written; `refunds` every one, one per payment the credit goes back
 * through, newest payment first (docs/decisions/219); none while a request waits (`approval`).
 */
export const refundCreateResultSchema = z.object({ replay: z.boolean(), refund: refundViewSchema.nullable(), refunds: z.array(refundViewSchema), approval: refundApprovalViewSchema.nullable() });
export const refundListQuerySchema = pageQuerySchema.extend({ orderNo: orderNo.optional() });
export const refundPageSchema = pageSchema(refundViewSchema);
/** How many pending refunds were asked about and what became of them. */
export const refundFollowResultSchema = z.object({ followed: z.number().int(), succeeded: z.number().int(), failed: z.number().int() });

/** Run one day's settlement matching (docs/decisions/120): every provider, or the one named. */
export const settlementRunSchema = z.object({ day: isoDay, provider: z.string().trim().min(1).max(40).optional() });

const settlementLineSchema = z.object({
  providerTxId: z.string(),
  kind: z.enum(['payment', 'refund', 'fee', 'payout']),
  amountMinor: z.number().int(),
  currency: z.string(),
  feeMinor: z.number().int(),
  reference: z.string().optional(),
  orderNo: z.string().optional(),
  reason: z.string(),
});

export const settlementReportSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  day: isoDay,
  matchedCount: z.number().int(),
  missingInLedger: z.array(settlementLineSchema),
  missingAtProvider: z.array(z.object({ kind: z.enum(['payment', 'refund', 'payout']), providerTxId: z.string(), amountMinor: z.number().int(), orderNo: z.string() })),
  feeTotalMinor: z.number().int(),
  /** The day's currency (its fees'); null for a day with nothing settled (docs/decisions/238). */
  currency: z.string().nullable(),
  createdAt: z.string(),
});
export type SettlementReportView = z.infer<typeof settlementReportSchema>;
export const settlementRunResultSchema = z.object({ reports: z.array(settlementReportSchema) });
export const settlementReportPageSchema = pageSchema(settlementReportSchema);
