import { z } from 'zod';
import { timeoutSetting } from '../provider-time';
import { STRIPE_API_BASE_URL, type StripeClientConfig } from '../stripe-client';

/**
 * Mexico's cash on Stripe (docs/decisions/115): set exactly when a market's cash provider is
 * `stripe`. The key and the API address are the account's, shared with cards (117).
 */
export type StripeCashConfig = StripeClientConfig & {
  /** The cash webhook endpoint's signing secret (`whsec_…`), for `stripe.webhooks.constructEvent`. */
  webhookSecret: string;
  /** OXXO needs an email on the voucher; we collect none from borrowers, so it is the lender's mailbox. */
  billingEmail: string;
};

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = (schema: z.ZodType<string>) => z.preprocess(emptyToUndefined, schema.optional());

/** The cash-only variables; STRIPE_SECRET_KEY and STRIPE_API_BASE_URL are read with the cards' (stripe-card-config.ts). */
export const stripeCashEnvShape = {
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9+/=]{16,}$/, 'must be a Stripe webhook signing secret (whsec_…)')),
  STRIPE_BILLING_EMAIL: optional(z.email({ error: 'must be an email address' })),
  /** One Stripe call of the cash rails and their refunds waits this long (docs/decisions/214). */
  STRIPE_CASH_TIMEOUT_MS: timeoutSetting(20_000),
};

type StripeCashEnv = { STRIPE_SECRET_KEY?: string; STRIPE_API_BASE_URL?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_BILLING_EMAIL?: string; STRIPE_CASH_TIMEOUT_MS: number };

/** The settings a market on Stripe needs, or the first variable missing. */
export function stripeCashConfig(env: StripeCashEnv, usedBy: string): StripeCashConfig | { variable: string; message: string } {
  const required = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_BILLING_EMAIL'] as const;
  const missing = required.find((variable) => env[variable] === undefined);
  if (missing) return { variable: missing, message: `is required when ${usedBy} is stripe` };
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? '',
    apiBaseUrl: env.STRIPE_API_BASE_URL ?? STRIPE_API_BASE_URL,
    timeoutMs: env.STRIPE_CASH_TIMEOUT_MS,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    billingEmail: env.STRIPE_BILLING_EMAIL ?? '',
  };
}
