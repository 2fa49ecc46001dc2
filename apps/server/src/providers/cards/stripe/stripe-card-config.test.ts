import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { assertRealProviders } from '../../../real-providers';
import { parseStripeApiBaseUrl } from '../../stripe-client';

const stripe = {
  CARD_PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_0123456789abcdef',
  STRIPE_CARD_WEBHOOK_SECRET: 'whsec_0123456789abcdef0123',
  STRIPE_CARD_RETURN_ORIGIN: 'https://lend.example',
};

describe('cards on Stripe (docs/decisions/117)', () => {
  it('reads the Stripe settings, aimed at Stripe unless STRIPE_API_BASE_URL says, signed with the endpoint secret', () => {
    const config = loadConfig(stripe);
    expect(config.cardPaymentProvider).toBe('stripe');
    expect(config.stripeCards).toEqual({
      secretKey: stripe.STRIPE_SECRET_KEY,
      publishableKey: stripe.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: stripe.STRIPE_CARD_WEBHOOK_SECRET,
      returnOrigin: 'https://lend.example',
      apiBaseUrl: 'https://api.stripe.com',
      jsUrl: 'https://js.stripe.com/v3/',
      timeoutMs: 20_000,
    });
    // The browser tests load a stand-in of Stripe.js (docs/decisions/218).
    expect(loadConfig({ ...stripe, STRIPE_JS_URL: 'http://127.0.0.1:12111/v3/' }).stripeCards?.jsUrl).toBe('http://127.0.0.1:12111/v3/');
    expect(() => loadConfig({ ...stripe, STRIPE_JS_URL: 'js.stripe.com/v3' })).toThrow(/^Configuration error: STRIPE_JS_URL must be an http/);
    expect(config.cardPaymentWebhookSecret).toBe(stripe.STRIPE_CARD_WEBHOOK_SECRET);
    expect(loadConfig({ ...stripe, STRIPE_API_BASE_URL: 'http://127.0.0.1:12111' }).stripeCards?.apiBaseUrl).toBe('http://127.0.0.1:12111');
    expect(loadConfig({}).stripeCards).toBeUndefined();
  });

  it('names the first Stripe setting missing or malformed, never its value', () => {
    for (const variable of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_CARD_WEBHOOK_SECRET', 'STRIPE_CARD_RETURN_ORIGIN'] as const) {
      expect(() => loadConfig({ ...stripe, [variable]: '' }), variable).toThrow(new RegExp(`^Configuration error: ${variable} is required when CARD_PAYMENT_PROVIDER=stripe$`));
    }
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_live_0123456789abcdef' })).toThrow(/^Configuration error: STRIPE_SECRET_KEY must be a Stripe secret or restricted key \([^"]*\)$/);
    expect(() => loadConfig({ ...stripe, STRIPE_API_BASE_URL: 'https://api.stripe.com/v1' })).toThrow(/^Configuration error: STRIPE_API_BASE_URL must be an http/);
    expect(() => loadConfig({ ...stripe, STRIPE_CARD_RETURN_ORIGIN: 'https://lend.example/app' })).toThrow(/^Configuration error: STRIPE_CARD_RETURN_ORIGIN must be/);
  });

  it('counts as a real card provider in production', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db', OPERATOR_TOKEN: 'x'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64), SMS_PROVIDER: 'sandbox', CASH_PAYMENT_PROVIDER: 'disabled' };
    expect(() => assertRealProviders(loadConfig({ ...production, ...stripe }))).toThrow(/^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER to a real provider$/);
    // Test keys move no money.
    for (const keys of [{ STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef' }, { STRIPE_PUBLISHABLE_KEY: 'pk_test_0123456789abcdef' }]) {
      expect(() => assertRealProviders(loadConfig({ ...production, ...stripe, ...keys }))).toThrow(
        /; STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be live keys when NODE_ENV=production$/,
      );
    }
    // Card fields are Stripe's own, loaded from Stripe.
    expect(() => assertRealProviders(loadConfig({ ...production, ...stripe, STRIPE_JS_URL: 'http://127.0.0.1:12111/v3/' }))).toThrow(
      /; STRIPE_JS_URL must be Stripe's own https:\/\/js.stripe.com\/ when NODE_ENV=production$/,
    );
  });

  it('parses the API address into the client’s protocol, host and port', () => {
    expect(parseStripeApiBaseUrl('https://api.stripe.com')).toEqual({ protocol: 'https', host: 'api.stripe.com', port: 443 });
    expect(parseStripeApiBaseUrl('http://127.0.0.1:12111/')).toEqual({ protocol: 'http', host: '127.0.0.1', port: 12111 });
    for (const value of ['ftp://x', 'https://x/v1', 'https://u:p@x', 'not a url']) expect(parseStripeApiBaseUrl(value), value).toBeUndefined();
  });
});
