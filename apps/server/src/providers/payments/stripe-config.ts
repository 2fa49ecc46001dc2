import { z } from 'zod';

export type StripeConfig = {
  secretKey: string;
  /** Signs Stripe's webhook deliveries (`whsec_…`), checked by `stripe.webhooks.constructEvent`. */
  webhookSecret: string;
  /** OXXO needs an email on the voucher; we collect none from borrowers, so it is the lender's mailbox. */
  billingEmail: string;
  /** Stripe's API unless set (a local stand-in, a proxy): the client's host, port and protocol. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
};

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = (schema: z.ZodType<string>) => z.preprocess(emptyToUndefined, schema.optional());

/** The STRIPE_* variables, each checked on its own; `stripeConfig` checks them together. */
export const stripeEnvShape = {
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_[0-9A-Za-z_]{8,}$/, 'must be a Stripe secret or restricted key (sk_live_…, rk_live_…, sk_test_…)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[0-9A-Za-z_+/=]{16,}$/, 'must be the webhook endpoint signing secret (whsec_…)')),
  STRIPE_BILLING_EMAIL: optional(z.email({ error: 'must be an email address' })),
  STRIPE_API_BASE_URL: optional(z.string().regex(/^https?:\/\/[^\s/?#@]+\/?$/, 'must be an http:// or https:// address such as http://127.0.0.1:12111')),
};

type StripeEnv = { [K in keyof typeof stripeEnvShape]?: string | undefined };

/** `http(s)://host[:port]` as the Stripe client's connection options. */
function apiAddress(base: string): StripeConfig['api'] {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** The Stripe settings a market on Stripe needs, or the variable missing and why. */
export function stripeConfig(env: StripeEnv, usedBy: string): StripeConfig | { variable: string; message: string } {
  const required = `is required when ${usedBy} is stripe`;
  if (!env.STRIPE_SECRET_KEY) return { variable: 'STRIPE_SECRET_KEY', message: required };
  if (!env.STRIPE_WEBHOOK_SECRET) return { variable: 'STRIPE_WEBHOOK_SECRET', message: required };
  if (!env.STRIPE_BILLING_EMAIL) return { variable: 'STRIPE_BILLING_EMAIL', message: required };
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    billingEmail: env.STRIPE_BILLING_EMAIL,
    api: env.STRIPE_API_BASE_URL ? apiAddress(env.STRIPE_API_BASE_URL) : undefined,
  };
}
