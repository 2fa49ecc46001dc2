import { z } from 'zod';

/** India's cash rails on Razorpay (docs/decisions/121): set exactly when a market's cash provider is `razorpay`. */
export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  /** The webhook endpoint's secret, for `Razorpay.validateWebhookSignature`. */
  webhookSecret: string;
};

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = (schema: z.ZodType<string>) => z.preprocess(emptyToUndefined, schema.optional());

export const razorpayEnvShape = {
  RAZORPAY_KEY_ID: optional(z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Razorpay key id (rzp_live_… or rzp_test_…)')),
  RAZORPAY_KEY_SECRET: optional(z.string().min(8, 'must be at least 8 characters')),
  RAZORPAY_WEBHOOK_SECRET: optional(z.string().min(8, 'must be at least 8 characters')),
};

type RazorpayEnv = { RAZORPAY_KEY_ID?: string; RAZORPAY_KEY_SECRET?: string; RAZORPAY_WEBHOOK_SECRET?: string };

/** The settings a market on Razorpay needs, or the first variable missing. */
export function razorpayConfig(env: RazorpayEnv, usedBy: string): RazorpayConfig | { variable: string; message: string } {
  const required = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
  const missing = required.find((variable) => env[variable] === undefined);
  if (missing) return { variable: missing, message: `is required when ${usedBy} is razorpay` };
  return { keyId: env.RAZORPAY_KEY_ID ?? '', keySecret: env.RAZORPAY_KEY_SECRET ?? '', webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '' };
}
