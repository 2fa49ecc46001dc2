import { z } from 'zod';

/**
 * What the lender gives up on a late loan (docs/decisions/244): each product's collections policy,
 * and write-off. Operator calls under `OPERATOR_BASE`.
 */
export const LossesPath = {
  /** `PUT { collectionsPolicy }`: a product's write-off day and settlement limit, audited. */
  productCollectionsPolicy: '/products/:productId/collections-policy',
  /** `POST { note }`: a credit officer writes a late order off now, before its product's day. */
  writeOff: '/collections/orders/:orderNo/write-off',
  /** `POST { amountMinor, expiresOn, note }`: a credit officer offers to close a late order for less (docs/decisions/245). */
  settlements: '/collections/orders/:orderNo/settlements',
  /** `POST`: a second person approves an offer that waives more than the solo limit. */
  settlementApprove: '/collections/orders/:orderNo/settlements/:settlementId/approve',
  /** `POST`: a second person declines it. */
  settlementDecline: '/collections/orders/:orderNo/settlements/:settlementId/decline',
  /** `POST`: an operator withdraws an offer the borrower has not accepted. */
  settlementWithdraw: '/collections/orders/:orderNo/settlements/:settlementId/withdraw',
  /** `POST { count, every, firstDueDate, note }`: a credit officer offers a payment plan (docs/decisions/250). */
  paymentPlans: '/collections/orders/:orderNo/payment-plans',
  /** `POST`: an operator withdraws a plan the borrower has not accepted. */
  paymentPlanWithdraw: '/collections/orders/:orderNo/payment-plans/:planId/withdraw',
} as const;

/** Each product's rules for loans that go bad; a product without its own has `DEFAULT_COLLECTIONS_POLICY`. */
export const collectionsPolicySchema = z.object({
  /** Days past due on which the order clock writes a loan off. */
  writeOffDays: z.number().int().min(30).max(1095),
  /** The most of what is owed, in percent, a settlement may waive on one officer's word; above it a second person approves. */
  settlementSoloWaiverPercent: z.number().int().min(0).max(100),
  /** Payment plans (docs/decisions/250): how many may be accepted on one loan; 0 offers none. A policy saved without it has the default. */
  planMaxPerLoan: z.number().int().min(0).max(5).optional(),
  /** The fewest days past due on which a plan may be offered. */
  planMinDaysPastDue: z.number().int().min(1).max(365).optional(),
  /** The most installments a plan may have (at least 2). */
  planMaxInstallments: z.number().int().min(2).max(24).optional(),
  /** What a plan does with the late charges owed: `waive` takes them off, `freeze` keeps them in the plan with none added while it is in force. */
  planLateCharges: z.enum(['waive', 'freeze']).optional(),
});
export type CollectionsPolicy = z.infer<typeof collectionsPolicySchema>;
export const collectionsPolicyUpdateRequestSchema = z.object({ collectionsPolicy: collectionsPolicySchema });

/** 180 days past due: the point at which RBI's and the CNBV's rules treat an unsecured loan as lost. */
export const DEFAULT_COLLECTIONS_POLICY: CollectionsPolicy = {
  writeOffDays: 180,
  settlementSoloWaiverPercent: 20,
  planMaxPerLoan: 2,
  planMinDaysPastDue: 8,
  planMaxInstallments: 12,
  planLateCharges: 'waive',
};

/** A product's plan rules, its own where set and the defaults where not (a policy saved before 250 has none). */
export type PlanPolicy = Required<Pick<CollectionsPolicy, 'planMaxPerLoan' | 'planMinDaysPastDue' | 'planMaxInstallments' | 'planLateCharges'>>;
export function planPolicyOf(policy: CollectionsPolicy): PlanPolicy {
  return {
    planMaxPerLoan: policy.planMaxPerLoan ?? 2,
    planMinDaysPastDue: policy.planMinDaysPastDue ?? 8,
    planMaxInstallments: policy.planMaxInstallments ?? 12,
    planLateCharges: policy.planLateCharges ?? 'waive',
  };
}

export const writeOffRequestSchema = z.object({ note: z.string().trim().min(3).max(1000) });
export type WriteOffRequest = z.input<typeof writeOffRequestSchema>;

/** `days-past-due`: the order clock, on the product's day; `officer`: a credit officer's decision. */
export const WRITE_OFF_REASONS = ['days-past-due', 'officer'] as const;
export type WriteOffReason = (typeof WRITE_OFF_REASONS)[number];

export const writeOffViewSchema = z.object({
  /** `YYYY-MM-DD` in the market's calendar. */
  writtenOffOn: z.string(),
  reason: z.enum(WRITE_OFF_REASONS),
  daysPastDue: z.number().int(),
  /** The officer's e-mail; null for the clock. */
  byEmail: z.string().nullable(),
  note: z.string(),
  /** What was owed when it was written off, part by part (minor units). */
  principalMinor: z.number().int(),
  interestMinor: z.number().int(),
  taxMinor: z.number().int(),
  lateChargesMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** What has been paid since: recoveries. */
  recoveredMinor: z.number().int(),
});
export type WriteOffView = z.infer<typeof writeOffViewSchema>;

// ---- Settlements (docs/decisions/245) ----

/** The most days ahead a settlement's expiry may be set. */
export const SETTLEMENT_MAX_DAYS = 30;

/**
 * `awaiting-approval`: waives more than the solo limit, a second person decides; `offered`: the
 * borrower may accept; `accepted`: money since counts towards it; `settled`: the order closed by it;
 * `declined`, `withdrawn`, `lapsed` (its day passed): closed without effect.
 */
export const SETTLEMENT_STATES = ['awaiting-approval', 'offered', 'accepted', 'settled', 'declined', 'withdrawn', 'lapsed'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
/** The states in which a settlement is open: one per order. */
export const OPEN_SETTLEMENT_STATES: readonly SettlementState[] = ['awaiting-approval', 'offered', 'accepted'];

export const settlementRequestSchema = z.object({
  amountMinor: z.number().int(),
  /** `YYYY-MM-DD` in the market's calendar, from today to `SETTLEMENT_MAX_DAYS` ahead. */
  expiresOn: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/),
  note: z.string().trim().max(1000).default(''),
});
export type SettlementRequest = z.input<typeof settlementRequestSchema>;
export const settlementParamsSchema = z.object({ orderNo: z.string().min(1).max(32), settlementId: z.coerce.number().int().positive() });

export const settlementViewSchema = z.object({
  id: z.number().int(),
  state: z.enum(SETTLEMENT_STATES),
  amountMinor: z.number().int(),
  /** What was owed when offered, and what the offer waived of it. */
  owedMinor: z.number().int(),
  waiverMinor: z.number().int(),
  /** The waiver in percent of what was owed, and the product's solo limit it was measured against. */
  waiverPercent: z.number(),
  soloLimitPercent: z.number().int(),
  expiresOn: z.string(),
  note: z.string(),
  offeredBy: z.string(),
  offeredAt: z.string(),
  /** Who approved or declined it; null when it needed no second person, or waits for one. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** Money applied since the acceptance. */
  paidMinor: z.number().int(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** What the settlement waived when it closed the order. */
  waivedMinor: z.number().int(),
});
export type SettlementView = z.infer<typeof settlementViewSchema>;
