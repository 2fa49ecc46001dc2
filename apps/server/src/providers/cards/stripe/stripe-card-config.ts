import { z } from 'zod';
import { parseStripeApiBaseUrl, STRIPE_API_BASE_URL, type StripeClientConfig } from '../../stripe-client';

/** Cards on Stripe (docs/decisions/117): set exactly when CARD_PAYMENT_PROVIDER is `stripe`. */
export type StripeCardConfig = StripeClientConfig & {
  /** What Stripe.js in the browser confirms the borrower's SetupIntent with; public by design. */
  publishableKey: string;
  /** Where the add-card page loads Stripe.js from (docs/decisions/218); its origin is the one the pages' CSP allows for scripts and frames. */
  jsUrl: string;
  /** The card webhook endpoint's signing secret (`whsec_…`), for `stripe.webhooks.constructEvent`. */
  webhookSecret: string;
  /** Our site's origin, where Stripe Checkout sends the borrower back. */
  returnOrigin: string;
};

/** Stripe.js, as Stripe says to load it: always from its own address, never bundled. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = (schema: z.ZodType<string>) => z.preprocess(emptyToUndefined, schema.optional());

/** The variables, each checked on its own; `stripeCardConfig` checks that the needed ones are there. */
export const stripeCardEnvShape = {
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_…)')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe publishable key (pk_live_… or pk_test_…)')),
  STRIPE_CARD_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9+/=]{16,}$/, 'must be a Stripe webhook signing secret (whsec_…)')),
  STRIPE_API_BASE_URL: optional(z.string().refine((value) => parseStripeApiBaseUrl(value) !== undefined, 'must be an http:// or https:// address with no path')),
  STRIPE_JS_URL: optional(z.string().refine((value) => /^https?:\/\/[^/]+\/\S*$/.test(value) && URL.canParse(value), 'must be an http:// or https:// address such as https://js.stripe.com/v3/')),
  STRIPE_CARD_RETURN_ORIGIN: optional(
    z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''), 'must be an https:// origin such as https://lend.example'),
  ),
  STRIPE_CARD_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of milliseconds from 100 to 60000' })
      .int({ error: 'must be a whole number of milliseconds from 100 to 60000' })
      .min(100, { error: 'must be a whole number of milliseconds from 100 to 60000' })
      .max(60_000, { error: 'must be a whole number of milliseconds from 100 to 60000' })
      .default(20_000),
  ),
};

type StripeCardEnv = z.output<z.ZodObject<typeof stripeCardEnvShape>>;

/** The settings, or the first variable missing with what it must be. */
export function stripeCardConfig(values: StripeCardEnv): StripeCardConfig | { variable: string; message: string } {
  const required = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_CARD_WEBHOOK_SECRET', 'STRIPE_CARD_RETURN_ORIGIN'] as const;
  const missing = required.find((variable) => values[variable] === undefined);
  if (missing) return { variable: missing, message: 'is required when CARD_PAYMENT_PROVIDER=stripe' };
  return {
    secretKey: values.STRIPE_SECRET_KEY ?? '',
    publishableKey: values.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: values.STRIPE_CARD_WEBHOOK_SECRET ?? '',
    returnOrigin: (values.STRIPE_CARD_RETURN_ORIGIN ?? '').replace(/\/$/, ''),
    apiBaseUrl: values.STRIPE_API_BASE_URL ?? STRIPE_API_BASE_URL,
    jsUrl: values.STRIPE_JS_URL ?? STRIPE_JS_URL,
    timeoutMs: values.STRIPE_CARD_TIMEOUT_MS,
  };
}
