import { z } from 'zod';
import type { ConfigProblem } from '../../sms/twilio-config';

/** Razorpay's public REST address; RAZORPAYX_API_BASE_URL replaces it (a test stand-in, a proxy). */
export const RAZORPAYX_API_BASE_URL = 'https://api.razorpay.com';

export const RAZORPAYX_PAYOUT_MODES = ['IMPS', 'NEFT', 'RTGS'] as const;

/** India's payouts on RazorpayX (docs/decisions/156). */
export type RazorpayXConfig = {
  keyId: string;
  keySecret: string;
  /** The lender's RazorpayX account number (current account or Lite customer identifier) payouts leave from. */
  accountNumber: string;
  /** Signs RazorpayX's webhooks (`X-Razorpay-Signature`). */
  webhookSecret: string;
  baseUrl: string;
  /** How long one call may take before it counts as unanswered: a payout asked for then may still be made. */
  timeoutMs: number;
  mode: (typeof RAZORPAYX_PAYOUT_MODES)[number];
};

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const required = (schema: z.ZodType<string>) => z.preprocess(emptyToUndefined, schema.optional());
const TIMEOUT_MESSAGE = 'must be a whole number of milliseconds from 100 to 60000';

const variables = {
  RAZORPAYX_KEY_ID: required(z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Razorpay key id (rzp_live_… or rzp_test_…)')),
  RAZORPAYX_KEY_SECRET: required(z.string().min(8, 'must be at least 8 characters')),
  RAZORPAYX_ACCOUNT_NUMBER: required(z.string().regex(/^[A-Za-z0-9]{6,40}$/, 'must be the RazorpayX account number payouts leave from (6 to 40 letters or digits)')),
  RAZORPAYX_WEBHOOK_SECRET: required(z.string().min(8, 'must be at least 8 characters')),
  RAZORPAYX_API_BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).default(RAZORPAYX_API_BASE_URL)),
  RAZORPAYX_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: TIMEOUT_MESSAGE }).int({ error: TIMEOUT_MESSAGE }).min(100, { error: TIMEOUT_MESSAGE }).max(60_000, { error: TIMEOUT_MESSAGE }).default(20_000),
  ),
  RAZORPAYX_PAYOUT_MODE: z.preprocess(emptyToUndefined, z.enum(RAZORPAYX_PAYOUT_MODES, { error: `must be one of ${RAZORPAYX_PAYOUT_MODES.join(', ')}` }).default('IMPS')),
};

const REQUIRED = ['RAZORPAYX_KEY_ID', 'RAZORPAYX_KEY_SECRET', 'RAZORPAYX_ACCOUNT_NUMBER', 'RAZORPAYX_WEBHOOK_SECRET'] as const;

/**
 * RazorpayX's settings from the environment, or every variable missing or malformed (each with
 * what it must be), for the caller to turn into its configuration error.
 */
export function readRazorpayXConfig(env: Readonly<Record<string, string | undefined>>): RazorpayXConfig | { problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const parsed = z.object(variables).safeParse(Object.fromEntries(Object.keys(variables).map((name) => [name, env[name]])));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ variable: String(issue.path[0]), message: issue.message });
  }
  const values = parsed.success ? parsed.data : undefined;
  for (const variable of REQUIRED) {
    const given = env[variable];
    if (given === undefined || given === '') problems.push({ variable, message: 'is required when India’s payouts run on RazorpayX' });
  }
  if (problems.length > 0 || !values) return { problems };
  return {
    keyId: values.RAZORPAYX_KEY_ID ?? '',
    keySecret: values.RAZORPAYX_KEY_SECRET ?? '',
    accountNumber: values.RAZORPAYX_ACCOUNT_NUMBER ?? '',
    webhookSecret: values.RAZORPAYX_WEBHOOK_SECRET ?? '',
    baseUrl: values.RAZORPAYX_API_BASE_URL.replace(/\/$/, ''),
    timeoutMs: values.RAZORPAYX_TIMEOUT_MS,
    mode: values.RAZORPAYX_PAYOUT_MODE,
  };
}
