import { createTestApp } from './helper';
import { STAND_IN_STRIPE_KEY } from './stand-ins/stripe-stand-in';

/** An app whose Mexican cash runs on Stripe, aimed at a stand-in at `standInUrl`. */
export function stripeCashApp(standInUrl: string, webhookSecret: string) {
  return createTestApp({
    seed: true,
    env: {
      CASH_PAYMENT_PROVIDER_MX: 'stripe',
      STRIPE_SECRET_KEY: STAND_IN_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_BILLING_EMAIL: 'pagos@lend.example',
      STRIPE_API_BASE_URL: standInUrl,
    },
  });
}
