import { z } from 'zod';
import { loanConfirmSchema } from './loan';
import { PHONE_MARKETS } from './phone';

/**
 * The native app's home and product calls, under `MACHINE_BASE` with the common query, a session
 * and the envelope like every borrower call. A borrower sees and reaches only the products of
 * their own market, the one of the phone they signed in with (docs/decisions/132).
 */
export const HomePath = {
  home: '/v3/home/index',
  products: '/v3/products/list',
  productDetail: '/v3/products/detail',
} as const;

/**
 * Why the borrower may not borrow on a product now. `noOffer`: the lender withdrew the offer or
 * the product is closed; `orderInProgress`: an order on the product is under review, being paid
 * out or being repaid; `overdueLoan`: one of the borrower's loans is overdue. `profileIncomplete`
 * and `declinedUntil` belong to the borrower's profile and the credit decision; they are part of
 * the shape now so the app can handle them before the server sends them (docs/decisions/133).
 * `applyFirst`: the profile is complete but the borrower has not applied for the product yet;
 * `underReview`: a credit officer is deciding the application (docs/decisions/141).
 */
export const BORROW_BLOCK_REASONS = ['noOffer', 'orderInProgress', 'overdueLoan', 'profileIncomplete', 'declinedUntil', 'applyFirst', 'underReview'] as const;
export type BorrowBlockReason = (typeof BORROW_BLOCK_REASONS)[number];

const minor = z.number().int();
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const borrowBlockSchema = z.object({
  reason: z.enum(BORROW_BLOCK_REASONS),
  /** The reason in the borrower's language. */
  message: z.string(),
  /** `YYYY-MM-DD` in the market's calendar: the day `declinedUntil` ends; null otherwise. */
  until: z.string().nullable(),
  /** The order behind `orderInProgress` or `overdueLoan`; '' otherwise. */
  orderNo: z.string(),
});
export type BorrowBlock = z.infer<typeof borrowBlockSchema>;

/** What a loan on the offered terms costs, as the confirmation prices it; amounts in minor units. */
export const priceSummarySchema = z.object({
  principalMinor: minor,
  /** What reaches the borrower's account after the opening commission. */
  disbursalMinor: minor,
  totalRepayableMinor: minor,
  termDays: z.number().int(),
  periods: z.number().int(),
  /** Daily interest rate, e.g. "0.05%". */
  dailyRate: z.string(),
  /** CAT in Mexico, APR in India, from the domain's annual-cost functions. */
  annualCost: z.object({
    kind: z.enum(['CAT', 'APR']),
    /** e.g. "226.3%". */
    rate: z.string(),
    /** The sentence the confirmation shows, in the borrower's language. */
    text: z.string(),
  }),
});
export type PriceSummary = z.infer<typeof priceSummarySchema>;

/** What the borrower may borrow on the product now. */
export const borrowRangeSchema = z.object({
  /** The product's smallest loan, its largest capped at the credit decision's ceiling (docs/decisions/141); the confirmation offers `offeredMinor`. */
  amount: z.object({ minMinor: minor, maxMinor: minor, offeredMinor: minor }),
  /** The product's terms in days; a term splits into `periods` equal payments. */
  term: z.object({ minDays: z.number().int(), maxDays: z.number().int(), offeredDays: z.number().int(), periods: z.number().int() }),
  price: priceSummarySchema,
});
export type BorrowRange = z.infer<typeof borrowRangeSchema>;

/** One product of the borrower's market: exactly one of `borrow` and `blocked` is set. */
export const homeProductSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  logoUrl: z.string(),
  market: z.enum(PHONE_MARKETS),
  currency: z.enum(['MXN', 'INR']),
  borrow: borrowRangeSchema.nullable(),
  blocked: borrowBlockSchema.nullable(),
  /** The web view's confirmation page for the product, without the session; '' while blocked. */
  confirmUrl: z.string(),
});
export type HomeProduct = z.infer<typeof homeProductSchema>;

/** `home/index`: the borrower's market and what they may borrow there now. */
export const homeResponseSchema = z.object({
  market: z.enum(PHONE_MARKETS),
  currency: z.enum(['MXN', 'INR']),
  /** The most the borrower may borrow now on any product (minor units); 0 when nothing is open to them. */
  maxAvailableMinor: minor,
  /** A reason that stops every product (an overdue loan, and later the profile and credit decision); null otherwise. */
  blocked: borrowBlockSchema.nullable(),
  products: z.array(homeProductSchema),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;

/** `products/list`: the products of the borrower's market. */
export const productListResponseSchema = z.object({ items: z.array(homeProductSchema) });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productDetailRequestSchema = z.object({ productId: id });
export type ProductDetailRequest = z.input<typeof productDetailRequestSchema>;

/** `products/detail`: the product, and while the borrower may borrow on it, the confirmation screen's own figures. */
export const productDetailResponseSchema = z.object({
  product: homeProductSchema,
  confirmation: loanConfirmSchema.nullable(),
});
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;
