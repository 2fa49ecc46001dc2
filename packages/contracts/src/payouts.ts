import { z } from 'zod';

/** Where provider notifications about payouts arrive: `POST /webhooks/payouts/<provider>`. */
export const PAYOUT_WEBHOOK_BASE = '/webhooks/payouts';

export const PAYOUT_STATUSES = ['queued', 'validating', 'sending', 'processing', 'paid', 'rejected', 'reversed', 'held'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

const orderNo = z.string().trim().min(1).max(32);

export const payoutViewSchema = z.object({
  orderNo: z.string(),
  market: z.string(),
  provider: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** Why it waits or failed: no-account, provider-disabled, daily-ceiling, or the bank's reason. */
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  accountLast4: z.string().nullable(),
  transferRef: z.string().nullable(),
  idempotencyKey: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

/** queue: waiting or with the provider; attention: rejected, reversed or held, for an operator; ceiling: waiting for tomorrow's room. */
export const payoutListQuerySchema = z.object({ view: z.enum(['queue', 'attention', 'ceiling', 'all']).default('queue') });
export const payoutListSchema = z.array(payoutViewSchema);
export const payoutOrderRequestSchema = z.object({ orderNo });

export const payoutSandboxRequestSchema = z.object({
  orderNo,
  outcome: z.enum(['settle', 'reject', 'reverse']),
  reason: z.enum(['account-closed', 'account-invalid', 'name-mismatch', 'bank-rejected', 'other']).default('account-closed'),
});

export const payoutRunResultSchema = z.object({
  checked: z.number().int(),
  paid: z.number().int(),
  rejected: z.number().int(),
  /** Handed to the provider (or handed again by the reconciler) and not yet settled. */
  inFlight: z.number().int(),
  /** Not sent: waiting for the day's ceiling, or its outcome unknown until the reconciler asks. */
  waiting: z.number().int(),
});
export type PayoutRunResult = z.infer<typeof payoutRunResultSchema>;

/** Our answer to a provider's payout notification: kept (and applied once), or a replay of one kept before. */
export const payoutWebhookAnswerSchema = z.object({ received: z.literal(true), replay: z.boolean() });
/** The answer a provider documents for its notifications instead of ours (STP's `{"mensaje":"recibido"}`: docs/decisions/158). */
export const payoutAcknowledgementSchema = z.record(z.string(), z.string());

/** A provider's notification naming a payout we never made, as it arrived (after its verification). */
export const unmatchedPayoutEventSchema = z.object({ provider: z.string(), eventId: z.string(), notification: z.unknown(), receivedAt: z.string() });
export const unmatchedPayoutEventListSchema = z.array(unmatchedPayoutEventSchema);
