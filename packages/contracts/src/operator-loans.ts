import { delinquencyViewSchema } from './collections';
import { collectionsPolicySchema } from './collections-losses';
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';
import { isLoanStatusCode } from './loan-status';
import { creditPolicySchema } from './credit-decision';
import { productPricingSchema } from './product';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const orderNo = z.string().trim().min(1).max(32);

export const productSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  market: z.enum(['MX', 'IN']),
  active: z.boolean(),
  logoUrl: z.string(),
  repayUrl: z.string(),
  pricing: productPricingSchema,
  /** The product's credit thresholds (docs/decisions/141); null when it has none that holds, and then nobody may apply. */
  creditPolicy: creditPolicySchema.nullable(),
  /** Its write-off day and settlement limit (docs/decisions/244): its own, or the defaults. */
  collectionsPolicy: collectionsPolicySchema,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const orderListQuerySchema = pageQuerySchema.extend({
  userId: id.optional(),
  /** One status code (docs/decisions/033): `21` is the review queue. */
  status: z.coerce
    .number()
    .int()
    .refine((value) => isLoanStatusCode(value), 'status')
    .optional(),
  /** One order by its number. */
  orderNo: orderNo.optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderSummarySchema = z.object({
  orderNo: z.string(),
  userId: z.number().int(),
  productId: z.number().int(),
  productCode: z.string(),
  /** The product's name, its market and that market's currency: amounts are in it (docs/decisions/235). */
  productName: z.string(),
  market: z.enum(['MX', 'IN']),
  currency: z.enum(['MXN', 'INR']),
  /** The borrower's legal name as the list answers it; empty before they gave one, null in a step's answer. */
  borrowerName: z.string().nullable(),
  status: z.number().int(),
  principalMinor: z.number().int(),
  disbursalMinor: z.number().int(),
  discountMinor: z.number().int(),
  totalRepayableMinor: z.number().int(),
  penaltyMinor: z.number().int(),
  /** Late charges paid so far, of `penaltyMinor`. */
  penaltyPaidMinor: z.number().int(),
  /** What the borrower paid beyond what was owed, held for them. */
  creditMinor: z.number().int(),
  extensionsUsed: z.number().int(),
  termDays: z.number().int(),
  periods: z.number().int(),
  dueDate: z.string().nullable(),
  score: z.number().int().nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  disbursedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** How late it is as the order clock last worked it out (docs/decisions/242); null for an order never late, and in a step's answer. */
  delinquency: delinquencyViewSchema.nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderListSchema = pageSchema(orderSummarySchema);

export const orderActionRequestSchema = z.object({ orderNo });
export type OrderActionRequest = z.input<typeof orderActionRequestSchema>;
/** A rejection may say why; the reason is kept in the audit entry of the rejection (docs/decisions/175). */
export const orderRejectRequestSchema = orderActionRequestSchema.extend({ reason: z.string().trim().min(3).max(500).optional() });
export type OrderRejectRequest = z.input<typeof orderRejectRequestSchema>;

/** `at` (an ISO instant) runs the job as if it were then; demo mode only. */
export const orderSweepRequestSchema = z.object({ at: z.iso.datetime({ offset: true }).optional() });
export type OrderSweepRequest = z.input<typeof orderSweepRequestSchema>;

export const orderSweepResultSchema = z.object({
  /** Always true: server processes running the job at once share its orders (docs/decisions/069). */
  ran: z.boolean(),
  due: z.number().int(),
  overdue: z.number().int(),
  penalised: z.number().int(),
});
export type OrderSweepResult = z.infer<typeof orderSweepResultSchema>;

/** Sets a borrower's offer on a product; left-out terms keep the current offer's (or the product default). */
export const offerSetRequestSchema = z.object({
  userId: id,
  productId: id,
  amountMinor: z.number().int().positive().optional(),
  termDays: z.number().int().positive().max(366).optional(),
  couponMinor: z.number().int().min(0).optional(),
});
export type OfferSetRequest = z.input<typeof offerSetRequestSchema>;

export const offerWithdrawRequestSchema = z.object({ userId: id, productId: id });
export type OfferWithdrawRequest = z.input<typeof offerWithdrawRequestSchema>;

export const offerSchema = z.object({
  userId: z.number().int(),
  productId: z.number().int(),
  /** "default": no operator decision, the product's default terms apply. */
  status: z.enum(['default', 'active', 'withdrawn']),
  amountMinor: z.number().int(),
  termDays: z.number().int(),
  couponMinor: z.number().int(),
  revisedAt: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/**
 * The evidence of an order's signature (docs/decisions/184): when, from which address and browser
 * the borrower agreed, and each signed document's SHA-256 with whether the stored text still hashes
 * to it. India's Key Facts Statement is signed with the contract; `signed` is null for an order
 * with no stored agreement.
 */
export const orderSignaturesSchema = z.object({
  orderNo: z.string(),
  signed: z
    .object({
      agreedAt: z.string(),
      clientIp: z.string(),
      userAgent: z.string(),
      language: z.string(),
      documents: z.array(z.object({ kind: z.enum(['contract', 'key-facts']), sha256: z.string(), hashMatches: z.boolean() })),
    })
    .nullable(),
});
export type OrderSignatures = z.infer<typeof orderSignaturesSchema>;
