import { z } from 'zod';

/**
 * A borrower's request for a payment plan on a late loan (docs/decisions/248): what they can pay
 * each week or fortnight and why. A credit officer reads it in the order's collection file.
 */
export const BorrowerPlanPath = {
  /** `POST { orderId, amountMinor, frequency, reason, note }`: the answer is the order's promise screen again. */
  planRequest: '/v3/installment/plan-request',
} as const;

export const PLAN_FREQUENCIES = ['week', 'fortnight'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];
export const PLAN_REASONS = ['job-loss', 'illness', 'income-cut', 'family', 'other'] as const;
export type PlanReason = (typeof PLAN_REASONS)[number];
/** The longest note a borrower may add. */
export const PLAN_NOTE_MAX = 500;

export const borrowerPlanRequestSchema = z.object({
  orderId: z.string().trim().min(1).max(32),
  /** What they can pay each period, above zero and no more than what is owed. */
  amountMinor: z.number().int(),
  frequency: z.enum(PLAN_FREQUENCIES),
  reason: z.enum(PLAN_REASONS),
  note: z.string().trim().max(PLAN_NOTE_MAX).default(''),
});
export type BorrowerPlanRequest = z.input<typeof borrowerPlanRequestSchema>;

export const planRequestViewSchema = z.object({
  id: z.number().int(),
  amountMinor: z.number().int(),
  frequency: z.enum(PLAN_FREQUENCIES),
  reason: z.enum(PLAN_REASONS),
  note: z.string(),
  /** `open` until a credit officer answers it with a plan. */
  state: z.enum(['open', 'answered']),
  createdAt: z.string(),
});
export type PlanRequestView = z.infer<typeof planRequestViewSchema>;
