/**
 * Operator paths and bounds that only the back office and the server use, kept apart from
 * `OperatorPath` and `Limits` (which the borrower's pages carry) and from the zod schemas: a
 * back-office screen importing them brings in nothing else, and a borrower page never does.
 */

/** The back office's reads of the promotion (docs/decisions/183). */
export const PromotionOperatorPath = {
  /** `GET ?templateId=&from=&to=`: the funnel day by day in the template's market's time zone. */
  funnelDays: '/promotion/funnel/days',
} as const;

/** Days one read of a template's funnel by day may cover. */
export const PROMO_FUNNEL_DAYS_MAX = 92;

/** The credit desk's read of an order's signature evidence (docs/decisions/184). */
export const OrderEvidencePath = {
  /** `GET`: the contract's and Key Facts Statement's signature evidence. */
  signatures: '/orders/:orderNo/signatures',
} as const;
