import { z } from 'zod';
import { ConfigErrorCode } from './error-codes-config';
import { pageQuerySchema, pageSchema } from './paging';

/** What an application for a product can end in (docs/decisions/140). */
export const CREDIT_OUTCOMES = ['approved', 'referred', 'declined'] as const;
export type CreditOutcome = (typeof CREDIT_OUTCOMES)[number];

/**
 * Why a decision came out as it did. A borrower reads each in their language; an operator reads
 * the same codes with the inputs beside them.
 */
export const CREDIT_REASONS = [
  /** Younger than the product's minimum age (never below 18). */
  'under_age',
  /** Older than the product's maximum age at the end of the longest term. */
  'over_age',
  /** The national id does not agree with the name and date of birth, or its format check failed. */
  'identity_unverified',
  /** Another borrower holds the same national id: a credit officer looks before anything is lent. */
  'duplicate_identity',
  /** Another borrower's active payout account is this one: a credit officer looks before anything is lent (docs/decisions/228). */
  'shared_payout_account',
  /** Monthly income below the product's minimum. */
  'income_below_minimum',
  /** Declared monthly debts take more of the income than the product allows. */
  'debt_burden_too_high',
  /** A loan with this lender is overdue now. */
  'overdue_loan',
  /** A loan with this lender was repaid more than the product's serious-lateness days late. */
  'serious_past_lateness',
  /** A loan with this lender was repaid late, but within the serious-lateness days. */
  'past_lateness',
  /** What the income allows is below the product's smallest loan. */
  'ceiling_below_product_minimum',
  /** The points of the scorecard fall below the product's referral line. */
  'low_score',
  /** The points fall between the referral and approval lines: a credit officer decides. */
  'borderline_score',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

const ppm = z.number().int().min(0).max(1_000_000);

/**
 * A product's lending thresholds, kept with the product's configuration. Points and lines are whole
 * numbers; shares are parts per million like the pricing's rates.
 */
/** The policy's refines name their own code, so an operator's bad policy is refused as such (docs/decisions/178). */
const policyInconsistent = { errorCode: ConfigErrorCode.CreditPolicyInconsistent };

export const creditPolicySchema = z
  .object({
    minAgeYears: z.number().int().min(18).max(99),
    maxAgeYears: z.number().int().min(18).max(99),
    minMonthlyIncomeMinor: z.number().int().positive(),
    /** Declared monthly debts over monthly income above this share decline. */
    maxDebtToIncomePpm: ppm,
    /** A first loan may be at most this share of one month's income. */
    ceilingIncomePpm: ppm,
    /** Each loan repaid on time adds this share of the income to the ceiling, up to three loans. */
    ceilingBonusPerOnTimeLoanPpm: ppm,
    /** Ceilings are rounded down to a whole number of this many minor units. */
    amountStepMinor: z.number().int().positive(),
    /** A past loan repaid more than this many days late declines. */
    seriousLatenessDays: z.number().int().min(1).max(365),
    approveFromPoints: z.number().int().min(0).max(100),
    referFromPoints: z.number().int().min(0).max(100),
    /** How long a declined borrower waits before applying again. */
    reapplyAfterDays: z.number().int().min(1).max(365),
  })
  .refine((policy) => policy.minAgeYears <= policy.maxAgeYears, { message: 'minAgeYears must not exceed maxAgeYears', path: ['maxAgeYears'], params: policyInconsistent })
  .refine((policy) => policy.referFromPoints <= policy.approveFromPoints, {
    message: 'referFromPoints must not exceed approveFromPoints',
    path: ['referFromPoints'],
    params: policyInconsistent,
  });
export type CreditPolicy = z.infer<typeof creditPolicySchema>;

/** The borrower's credit call under `MACHINE_BASE` (docs/decisions/141). */
export const CreditPath = {
  apply: '/v3/credit/apply',
  /** The borrower's standing decision on a product, without applying: the decision screen after a reload or the back button. */
  decision: '/v3/credit/decision',
} as const;

/** How many working days a credit officer takes at most to decide a referred application (docs/decisions/241). */
export const REFERRAL_ANSWER_WORKING_DAYS = 1;

/** The operator's credit calls under `OPERATOR_BASE`: referred applications and their decision. */
export const OperatorCreditPath = {
  referrals: '/credit/referrals',
  approve: '/credit/referrals/:decisionId/approve',
  decline: '/credit/referrals/:decisionId/decline',
} as const;

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

export const creditApplyRequestSchema = z.object({ productId: positiveId });
export type CreditApplyRequest = z.infer<typeof creditApplyRequestSchema>;

/** The state of an application as the borrower reads it; `referred` stays until an officer decides. */
export const creditApplicationSchema = z.object({
  decisionId: z.number().int(),
  productId: z.number().int(),
  outcome: z.enum(CREDIT_OUTCOMES),
  /** The outcome in the borrower's language. */
  message: z.string(),
  /** Every reason of the decision, with its text in the borrower's language; empty for an approval. */
  reasons: z.array(z.object({ code: z.enum(CREDIT_REASONS), text: z.string() })),
  /** The most the borrower may borrow on the product (minor units); null unless approved. */
  amountCeilingMinor: z.number().int().nullable(),
  /** `YYYY-MM-DD`: the first day a declined borrower may apply again; null otherwise. */
  reapplyOn: z.string().nullable(),
  decidedAt: z.string(),
});
export type CreditApplication = z.infer<typeof creditApplicationSchema>;

/**
 * `decision`: the product as the apply screen shows it, whether the borrower's profile is complete,
 * and the standing decision, or null when none stands (never applied, or must apply again).
 */
export const creditStandingSchema = z.object({
  product: z.object({
    productId: z.number().int(),
    name: z.string(),
    market: z.enum(['MX', 'IN']),
    currency: z.enum(['MXN', 'INR']),
    /** The confirmation page while the borrower may borrow on the product; '' otherwise. */
    confirmUrl: z.string(),
  }),
  profileComplete: z.boolean(),
  application: creditApplicationSchema.nullable(),
});
export type CreditStanding = z.infer<typeof creditStandingSchema>;

/**
 * Who decides a referral (docs/decisions/222): a signed-in officer is the officer, and any name the
 * call gives is ignored; a call with the operator token names the person it acts for.
 */
const officer = z.string().trim().min(2).max(60).optional();
const officerReason = z.string().trim().min(3).max(500);

export const creditReferralParamsSchema = z.object({ decisionId: positiveId });

export const creditApproveRequestSchema = z.object({
  officer,
  reason: officerReason,
  /** At most the ceiling the rules allowed; the officer may lower it. */
  amountCeilingMinor: z.number().int().positive(),
});
export type CreditApproveRequest = z.infer<typeof creditApproveRequestSchema>;

export const creditDeclineRequestSchema = z.object({ officer, reason: officerReason });
export type CreditDeclineRequest = z.infer<typeof creditDeclineRequestSchema>;

/**
 * The borrower's facts a credit decision stands on (docs/decisions/215): who they are, what they
 * earn, what their other debts cost a month, and the account the loan is paid out to. A change of
 * any of them after the decision means the decision no longer stands.
 */
export const DECISION_FACTS = ['identity', 'income', 'debts', 'payoutAccount'] as const;
export type DecisionFact = (typeof DECISION_FACTS)[number];

/** One stored decision as an operator reads it: the rules' answer, the inputs it read, and an officer's decision when there is one. */
export const operatorCreditDecisionSchema = z.object({
  decisionId: z.number().int(),
  borrowerId: z.number().int(),
  /** The borrower's legal name; empty before they gave one. */
  borrowerName: z.string(),
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  market: z.enum(['MX', 'IN']),
  currency: z.enum(['MXN', 'INR']),
  outcome: z.enum(CREDIT_OUTCOMES),
  points: z.number().int(),
  factors: z.array(z.object({ factor: z.string(), points: z.number().int() })),
  reasons: z.array(z.enum(CREDIT_REASONS)),
  /** What the rules allowed. */
  rulesCeilingMinor: z.number().int().nullable(),
  /** What the borrower may borrow now: the rules' for an approval, the officer's for a referral they approved. */
  amountCeilingMinor: z.number().int().nullable(),
  reapplyOn: z.string().nullable(),
  ruleVersion: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  /** Which of the borrower's facts changed after the decision (docs/decisions/215); empty while they hold. */
  factsChanged: z.array(z.enum(DECISION_FACTS)),
  decidedAt: z.string(),
  review: z
    .object({ outcome: z.enum(['approved', 'declined']), officer: z.string(), reason: z.string(), decidedAt: z.string() })
    .nullable(),
});
export type OperatorCreditDecision = z.infer<typeof operatorCreditDecisionSchema>;

/** Referrals oldest first, a page at a time; `decisionId` reads one. */
export const creditReferralListQuerySchema = pageQuerySchema.extend({ decisionId: positiveId.optional() });
export type CreditReferralListQuery = z.input<typeof creditReferralListQuerySchema>;
export const creditReferralListSchema = pageSchema(operatorCreditDecisionSchema);
