import { z } from 'zod';

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
  .refine((policy) => policy.minAgeYears <= policy.maxAgeYears, { message: 'minAgeYears must not exceed maxAgeYears', path: ['maxAgeYears'] })
  .refine((policy) => policy.referFromPoints <= policy.approveFromPoints, {
    message: 'referFromPoints must not exceed approveFromPoints',
    path: ['referFromPoints'],
  });
export type CreditPolicy = z.infer<typeof creditPolicySchema>;
