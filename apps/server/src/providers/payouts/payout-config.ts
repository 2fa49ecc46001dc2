import type { Market } from '@lend/domain';
import { z } from 'zod';

/** The payout providers a market may name; the real rails add theirs here. */
export const PAYOUT_PROVIDER_NAMES = ['sandbox', 'disabled'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDER_NAMES)[number];

/** Signs the sandbox rail's notifications when no secret is set: public, so production never runs the sandbox. */
export const SANDBOX_PAYOUT_WEBHOOK_SECRET = 'sandbox-payout-webhook-secret-not-for-production';

/** Test seam: where the payout sender stops as if the process died (docs/decisions/152). */
export const PAYOUT_CRASH_POINTS = ['before-send', 'after-send'] as const;
export type PayoutCrashPoint = (typeof PAYOUT_CRASH_POINTS)[number];

const empty = (value: unknown) => (value === '' ? undefined : value);
const wholeMs = z.preprocess(empty, z.coerce.number({ error: 'must be a whole number of milliseconds above 0' }).int().min(1).optional());
const minorUnits = z.preprocess(empty, z.coerce.number({ error: 'must be a whole number of minor units above 0' }).int().min(1).optional());
const provider = z.preprocess(empty, z.enum(PAYOUT_PROVIDER_NAMES).optional());

export const payoutEnvShape = {
  PAYOUT_PROVIDER_MX: provider,
  PAYOUT_PROVIDER_IN: provider,
  PAYOUT_SEND_INTERVAL_MS: wholeMs,
  PAYOUT_RECONCILE_AFTER_MS: wholeMs,
  PAYOUT_DAILY_LIMIT_MX: minorUnits,
  PAYOUT_DAILY_LIMIT_IN: minorUnits,
  PAYOUT_SANDBOX_WEBHOOK_SECRET: z.preprocess(empty, z.string().min(32, 'must be at least 32 characters').optional()),
  PAYOUT_SANDBOX_SETTLE_MS: wholeMs,
  PAYOUT_CRASH_AT: z.preprocess(empty, z.enum(PAYOUT_CRASH_POINTS).optional()),
};

export type PayoutSettings = {
  /** Each market's payout provider with the variable that chose it: the sandbox outside production unless set, `disabled` in production (docs/decisions/152). */
  payoutProviders: Record<Market, { name: PayoutProviderName; variable: string }>;
  /** Time between two passes of the sender; 1 minute unless set. */
  payoutSendIntervalMs: number;
  /** How long a payout may stay with the provider unsettled before the reconciler asks; 10 minutes unless set. */
  payoutReconcileAfterMs: number;
  /** Each market's ceiling on a day's payouts in minor units; none when unset (docs/decisions/154). */
  payoutDailyLimits: Partial<Record<Market, number>>;
  payoutSandboxWebhookSecret: string;
  /** Demo mode: the sandbox rail pays a payout this long after it accepts it (docs/decisions/153); 5 s unless set, never in tests. */
  payoutSandboxSettleMs: number | undefined;
  payoutCrashAt: PayoutCrashPoint | undefined;
};

type PayoutEnv = z.infer<z.ZodObject<typeof payoutEnvShape>>;

export function payoutSettings(values: PayoutEnv, isProduction: boolean, isTest: boolean): PayoutSettings {
  const fallback: PayoutProviderName = isProduction ? 'disabled' : 'sandbox';
  const pick = (market: Market) => {
    const variable = `PAYOUT_PROVIDER_${market}` as const;
    return { name: values[variable] ?? fallback, variable };
  };
  return {
    payoutProviders: { MX: pick('MX'), IN: pick('IN') },
    payoutSendIntervalMs: values.PAYOUT_SEND_INTERVAL_MS ?? 60_000,
    payoutReconcileAfterMs: values.PAYOUT_RECONCILE_AFTER_MS ?? 600_000,
    payoutDailyLimits: {
      ...(values.PAYOUT_DAILY_LIMIT_MX ? { MX: values.PAYOUT_DAILY_LIMIT_MX } : {}),
      ...(values.PAYOUT_DAILY_LIMIT_IN ? { IN: values.PAYOUT_DAILY_LIMIT_IN } : {}),
    },
    payoutSandboxWebhookSecret: values.PAYOUT_SANDBOX_WEBHOOK_SECRET ?? SANDBOX_PAYOUT_WEBHOOK_SECRET,
    payoutSandboxSettleMs: isTest ? undefined : (values.PAYOUT_SANDBOX_SETTLE_MS ?? 5_000),
    payoutCrashAt: values.PAYOUT_CRASH_AT,
  };
}
