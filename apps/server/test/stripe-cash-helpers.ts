import Stripe from 'stripe';
import { createTestApp } from './helper';
import { STAND_IN_STRIPE_KEY, type StripeIntent, type StripeStandIn } from './stand-ins/stripe-stand-in';

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

/** Stripe's own client on the stand-in: what the lender does in Stripe's dashboard. */
export const stripeApi = (stand: StripeStandIn) => new Stripe(STAND_IN_STRIPE_KEY, { host: '127.0.0.1', port: Number(new URL(stand.url).port), protocol: 'http' });

/** An OXXO voucher paid at Stripe whose payment never reached our webhook. */
export async function strayOxxoPayment(stand: StripeStandIn, amountMinor: number): Promise<StripeIntent> {
  const intent = await stripeApi(stand).paymentIntents.create({
    amount: amountMinor,
    currency: 'mxn',
    allowed_payment_method_types: ['oxxo'],
    payment_method_data: { type: 'oxxo', billing_details: { name: 'Cliente', email: 'pagos@lend.example' } },
    confirm: true,
  });
  return stand.succeeded(intent.id);
}
