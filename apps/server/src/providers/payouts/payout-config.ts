import type { Market } from '@lend/domain';
import { z } from 'zod';
import type { ConfigProblem } from '../sms/twilio-config';
import { readRazorpayXConfig, type RazorpayXConfig } from './razorpayx';
import { readStpConfig, type StpConfig } from './stp';

/** The payout providers a market may name (docs/decisions/158). */
export const PAYOUT_PROVIDER_NAMES = ['sandbox', 'disabled', 'stp', 'razorpayx'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDER_NAMES)[number];

/** The one market a real rail pays out in: STP carries SPEI in pesos, RazorpayX IMPS and NEFT in rupees. */
export const PAYOUT_PROVIDER_MARKET: Partial<Record<PayoutProviderName, { market: Market; rail: string }>> = {
  stp: { market: 'MX', rail: 'Mexico\'s SPEI transfers in pesos' },
  razorpayx: { market: 'IN', rail: 'India\'s bank transfers in rupees' },
};

/**
 * The real rails' own settings, read by their adapters' readers (docs/decisions/156, 157); named
 * here so that each also takes its `_FILE` form, as containers mount secrets.
 */
export const PAYOUT_RAIL_VARIABLES = [
  'STP_API_BASE_URL',
  'STP_EMPRESA',
  'STP_ORDENANTE_CUENTA',
  'STP_ORDENANTE_NOMBRE',
  'STP_ORDENANTE_RFC_CURP',
  'STP_PRIVATE_KEY',
  'STP_PRIVATE_KEY_PASSPHRASE',
  'STP_TIMEOUT_MS',
  'RAZORPAYX_KEY_ID',
  'RAZORPAYX_KEY_SECRET',
  'RAZORPAYX_ACCOUNT_NUMBER',
  'RAZORPAYX_WEBHOOK_SECRET',
  'RAZORPAYX_API_BASE_URL',
  'RAZORPAYX_TIMEOUT_MS',
  'RAZORPAYX_PAYOUT_MODE',
] as const;

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
  ...(Object.fromEntries(PAYOUT_RAIL_VARIABLES.map((name) => [name, z.string().optional()])) as Record<(typeof PAYOUT_RAIL_VARIABLES)[number], z.ZodOptional<z.ZodString>>),
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
  /** STP's settings, set exactly when Mexico pays out through STP (docs/decisions/157, 158). */
  stpPayouts: StpConfig | undefined;
  /** RazorpayX's settings, set exactly when India pays out through RazorpayX (docs/decisions/156, 158). */
  razorpayXPayouts: RazorpayXConfig | undefined;
};

type PayoutEnv = z.infer<z.ZodObject<typeof payoutEnvShape>>;

/** The first of a reader's problems, as the configuration error names it. */
function firstProblem(problems: ConfigProblem[]): ConfigProblem {
  return problems[0] ?? { variable: 'environment', message: 'is invalid' };
}

/** The payout settings, or the first problem with them: a real rail named for the other market, or one of its settings missing or malformed. */
export function payoutSettings(values: PayoutEnv, isProduction: boolean, isTest: boolean): PayoutSettings | ConfigProblem {
  const fallback: PayoutProviderName = isProduction ? 'disabled' : 'sandbox';
  const pick = (market: Market) => {
    const variable = `PAYOUT_PROVIDER_${market}` as const;
    return { name: values[variable] ?? fallback, variable };
  };
  const payoutProviders = { MX: pick('MX'), IN: pick('IN') };
  for (const { name, variable } of Object.values(payoutProviders)) {
    const home = PAYOUT_PROVIDER_MARKET[name];
    if (home && `PAYOUT_PROVIDER_${home.market}` !== variable) return { variable, message: `cannot be ${name}: it carries ${home.rail} only` };
  }
  const railEnv = Object.fromEntries(PAYOUT_RAIL_VARIABLES.map((name) => [name, values[name]]));
  let stpPayouts: StpConfig | undefined;
  if (payoutProviders.MX.name === 'stp') {
    const read = readStpConfig(railEnv);
    if (!read.ok) return firstProblem(read.problems);
    stpPayouts = read.config;
  }
  let razorpayXPayouts: RazorpayXConfig | undefined;
  if (payoutProviders.IN.name === 'razorpayx') {
    const read = readRazorpayXConfig(railEnv);
    if ('problems' in read) return firstProblem(read.problems);
    razorpayXPayouts = read;
  }
  return {
    payoutProviders,
    stpPayouts,
    razorpayXPayouts,
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
