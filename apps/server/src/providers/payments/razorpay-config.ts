import { z } from 'zod';
import { timeoutSetting, withinTime } from '../provider-time';

/** India's cash rails on Razorpay (docs/decisions/121): set exactly when a market's cash provider is `razorpay`. */
export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  /** The webhook endpoint's secret, for `Razorpay.validateWebhookSignature`. */
  webhookSecret: string;
  /**
   * How long one call of the cash rails, their refunds and settlement may take (docs/decisions/214):
   * Razorpay's client never gives up, so a call unanswered by then is given up and its effect looked up later.
   */
  timeoutMs: number;
};

/** A Razorpay call given up at its time limit: it may still have been done at Razorpay. */
export class RazorpayUnanswered extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RazorpayUnanswered';
  }
}

/** `call` given at most `timeoutMs`, else a `RazorpayUnanswered` naming `what`. */
export function razorpayWithin<T>(call: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  return withinTime(call, timeoutMs, () => new RazorpayUnanswered(`razorpay did not answer ${what} within ${timeoutMs} ms`));
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = (schema: z.ZodType<string>) => z.preprocess(emptyToUndefined, schema.optional());

export const razorpayEnvShape = {
  RAZORPAY_KEY_ID: optional(z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Razorpay key id (rzp_live_… or rzp_test_…)')),
  RAZORPAY_KEY_SECRET: optional(z.string().min(8, 'must be at least 8 characters')),
  RAZORPAY_WEBHOOK_SECRET: optional(z.string().min(8, 'must be at least 8 characters')),
  RAZORPAY_TIMEOUT_MS: timeoutSetting(20_000),
};

type RazorpayEnv = { RAZORPAY_KEY_ID?: string; RAZORPAY_KEY_SECRET?: string; RAZORPAY_WEBHOOK_SECRET?: string; RAZORPAY_TIMEOUT_MS: number };

/** The settings a market on Razorpay needs, or the first variable missing. */
export function razorpayConfig(env: RazorpayEnv, usedBy: string): RazorpayConfig | { variable: string; message: string } {
  const required = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
  const missing = required.find((variable) => env[variable] === undefined);
  if (missing) return { variable: missing, message: `is required when ${usedBy} is razorpay` };
  return { keyId: env.RAZORPAY_KEY_ID ?? '', keySecret: env.RAZORPAY_KEY_SECRET ?? '', webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '', timeoutMs: env.RAZORPAY_TIMEOUT_MS };
}
