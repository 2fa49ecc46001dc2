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

// ---- Payment plans (docs/decisions/250) ----

/**
 * `offered`: the borrower may accept it until its first due date; `accepted`: in force, the order's
 * schedule is the plan's; `kept`: paid in full; `broken`: an installment stayed unpaid
 * `PLAN_BREAK_DAYS` after its day; `withdrawn`, `lapsed`: closed without effect.
 */
export const PAYMENT_PLAN_STATES = ['offered', 'accepted', 'kept', 'broken', 'withdrawn', 'lapsed'] as const;
export type PaymentPlanState = (typeof PAYMENT_PLAN_STATES)[number];
/** The states in which a plan is open: one per order. */
export const OPEN_PAYMENT_PLAN_STATES: readonly PaymentPlanState[] = ['offered', 'accepted'];
/** The latest first due date, in days from today. */
export const PLAN_FIRST_DUE_MAX_DAYS = 14;
/** Days an installment of a plan may stay unpaid after its day before the plan is broken. */
export const PLAN_BREAK_DAYS = 15;
export const PLAN_LATE_CHARGES = ['waive', 'freeze'] as const;

export const paymentPlanRequestSchema = z.object({
  count: z.number().int(),
  every: z.enum(PLAN_FREQUENCIES),
  /** `YYYY-MM-DD` in the market's calendar, from tomorrow to `PLAN_FIRST_DUE_MAX_DAYS` ahead. */
  firstDueDate: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/),
  note: z.string().trim().max(1000).default(''),
});
export type PaymentPlanRequest = z.input<typeof paymentPlanRequestSchema>;
export const paymentPlanParamsSchema = z.object({ orderNo: z.string().min(1).max(32), planId: z.coerce.number().int().positive() });

export const planInstallmentSchema = z.object({ seq: z.number().int(), dueDate: z.string(), amountMinor: z.number().int() });
export type PlanInstallmentView = z.infer<typeof planInstallmentSchema>;

export const paymentPlanViewSchema = z.object({
  id: z.number().int(),
  state: z.enum(PAYMENT_PLAN_STATES),
  count: z.number().int(),
  every: z.enum(PLAN_FREQUENCIES),
  firstDueDate: z.string(),
  lateCharges: z.enum(PLAN_LATE_CHARGES),
  /** The schedule: as accepted, or as it would be accepted now while offered. */
  installments: z.array(planInstallmentSchema),
  totalMinor: z.number().int(),
  /** Late charges the plan takes off (waive) or keeps in it (freeze). */
  waivedLateChargesMinor: z.number().int(),
  frozenLateChargesMinor: z.number().int(),
  note: z.string(),
  offeredBy: z.string(),
  offeredAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** Paid on the plan's installments since the acceptance. */
  paidMinor: z.number().int(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type PaymentPlanView = z.infer<typeof paymentPlanViewSchema>;

/** What the order's product allows, and how many plans the order has had accepted. */
export const planLimitsSchema = z.object({
  maxPerLoan: z.number().int(),
  minDaysPastDue: z.number().int(),
  maxInstallments: z.number().int(),
  lateCharges: z.enum(PLAN_LATE_CHARGES),
  accepted: z.number().int(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

/** The borrower's calls (under `MACHINE_BASE`, common query, session, envelope). */
export const BorrowerPaymentPlanPath = {
  /** `POST { orderId }`: the plan offered on the order, with its cost disclosure, in the borrower's language. */
  plan: '/v3/installment/plan',
  /** `POST { orderId, textSha256 }`: the borrower accepts the plan whose text has that hash. */
  planAccept: '/v3/installment/plan/accept',
} as const;

export const borrowerPaymentPlanRequestSchema = z.object({ orderId: z.string().trim().min(1).max(32) });
export const borrowerPaymentPlanAcceptSchema = z.object({ orderId: z.string().trim().min(1).max(32), textSha256: z.string().trim().regex(/^[0-9a-f]{64}$/) });
export type BorrowerPaymentPlanAccept = z.input<typeof borrowerPaymentPlanAcceptSchema>;

export const borrowerPaymentPlanSchema = z.object({
  /** Null when no plan is offered or in force. */
  plan: z
    .object({
      state: z.enum(['offered', 'accepted']),
      productId: z.number().int(),
      currency: z.enum(['MXN', 'INR']),
      installments: z.array(planInstallmentSchema),
      totalMinor: z.number().int(),
      waivedLateChargesMinor: z.number().int(),
      /** The cost box: Mexico's CAT, India's revised Key Facts Statement; its rows as label and value. */
      costBox: z.object({ kind: z.enum(['CAT', 'KFS']), title: z.string(), rows: z.array(z.object({ label: z.string(), value: z.string() })), note: z.string() }),
      acceptedAt: z.string().nullable(),
      /** The plan's text in the borrower's language: what they accept; its hash goes back with the acceptance. */
      lines: z.array(z.string()),
      textSha256: z.string(),
    })
    .nullable(),
});
export type BorrowerPaymentPlan = z.infer<typeof borrowerPaymentPlanSchema>;
