import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { SANDBOX_WEBHOOK_SECRET } from './providers/payments/webhook-signature';
import { assertRealProviders } from './real-providers';
import { SANDBOX_CARD_WEBHOOK_SECRET } from './providers/cards/redirect-notification';

const secret = 's'.repeat(40);
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://h/db',
  OPERATOR_TOKEN: 'x'.repeat(40),
  STAFF_SECRET_KEY: 'a'.repeat(64),
  CASH_PAYMENT_WEBHOOK_SECRET: secret,
  CARD_PAYMENT_WEBHOOK_SECRET: secret,
};

describe('assertRealProviders', () => {
  it('refuses production on any sandbox provider, in one line naming every variable to set', () => {
    expect(() => assertRealProviders(loadConfig(production))).toThrow(
      /^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER, CASH_PAYMENT_PROVIDER and CARD_PAYMENT_PROVIDER to real providers$/,
    );
    const embedded = { ...production, DATABASE_URL: '', DATA_DIR: '/srv/lend' };
    expect(() => assertRealProviders(loadConfig(embedded))).toThrow(/SMS_PROVIDER, CASH_PAYMENT_PROVIDER and CARD_PAYMENT_PROVIDER/);
  });

  it('refuses production without its own webhook secret, in the same line as the sandboxes', () => {
    const unsigned = { ...production, CASH_PAYMENT_WEBHOOK_SECRET: '' };
    expect(() => assertRealProviders(loadConfig(unsigned))).toThrow(
      /^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER, CASH_PAYMENT_PROVIDER and CARD_PAYMENT_PROVIDER to real providers; CASH_PAYMENT_WEBHOOK_SECRET is required when NODE_ENV=production \(the sandbox secret is public\)$/,
    );
    expect(() => assertRealProviders(loadConfig({ ...production, CASH_PAYMENT_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET }))).toThrow(
      /CASH_PAYMENT_WEBHOOK_SECRET is required/,
    );
  });

  it('refuses production on the public sandbox card secret, or none', () => {
    for (const cardSecret of ['', SANDBOX_CARD_WEBHOOK_SECRET]) {
      expect(() => assertRealProviders(loadConfig({ ...production, CARD_PAYMENT_WEBHOOK_SECRET: cardSecret }))).toThrow(
        /; CARD_PAYMENT_WEBHOOK_SECRET is required when NODE_ENV=production \(the sandbox secret is public\)$/,
      );
    }
  });

  it('takes disabled payment providers in production, without their webhook secrets (docs/decisions/111)', () => {
    const disabled = { ...production, CASH_PAYMENT_PROVIDER: 'disabled', CARD_PAYMENT_PROVIDER: 'disabled', CASH_PAYMENT_WEBHOOK_SECRET: '', CARD_PAYMENT_WEBHOOK_SECRET: '' };
    expect(() => assertRealProviders(loadConfig(disabled))).toThrow(
      /^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER to a real provider$/,
    );
  });

  it('takes Stripe as a real cash provider, naming only the market still on the sandbox (docs/decisions/115)', () => {
    const stripe = { ...production, CASH_PAYMENT_PROVIDER_MX: 'stripe', STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef', STRIPE_WEBHOOK_SECRET: `whsec_${'x'.repeat(32)}`, STRIPE_BILLING_EMAIL: 'pagos@lend.example' };
    expect(() => assertRealProviders(loadConfig({ ...stripe, CASH_PAYMENT_WEBHOOK_SECRET: '' }))).toThrow(
      /^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER, CASH_PAYMENT_PROVIDER and CARD_PAYMENT_PROVIDER to real providers; CASH_PAYMENT_WEBHOOK_SECRET is required when NODE_ENV=production \(the sandbox secret is public\)$/,
    );
    const indiaOff = { ...stripe, CASH_PAYMENT_PROVIDER_IN: 'disabled', CARD_PAYMENT_PROVIDER: 'disabled', CASH_PAYMENT_WEBHOOK_SECRET: '', CARD_PAYMENT_WEBHOOK_SECRET: '' };
    expect(() => assertRealProviders(loadConfig(indiaOff))).toThrow(/^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER to a real provider$/);
    expect(() => assertRealProviders(loadConfig({ ...indiaOff, STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef' }))).toThrow(
      /; STRIPE_SECRET_KEY must be a live key when NODE_ENV=production$/,
    );
  });

  it('takes Razorpay as a real cash provider for India, on live keys only (docs/decisions/121)', () => {
    const razorpay = {
      ...production,
      CASH_PAYMENT_PROVIDER_MX: 'disabled',
      CASH_PAYMENT_PROVIDER_IN: 'razorpay',
      CARD_PAYMENT_PROVIDER: 'disabled',
      CASH_PAYMENT_WEBHOOK_SECRET: '',
      CARD_PAYMENT_WEBHOOK_SECRET: '',
      RAZORPAY_KEY_ID: 'rzp_live_0123456789ab',
      RAZORPAY_KEY_SECRET: 'secret-0123456789',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-0123456789',
    };
    expect(() => assertRealProviders(loadConfig(razorpay))).toThrow(/^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER to a real provider$/);
    expect(() => assertRealProviders(loadConfig({ ...razorpay, RAZORPAY_KEY_ID: 'rzp_test_0123456789ab' }))).toThrow(
      /; RAZORPAY_KEY_ID must be a live key \(rzp_live_…\) when NODE_ENV=production$/,
    );
  });

  it('takes Razorpay as India’s real card provider beside Mexico’s sandbox cards, named per market (docs/decisions/124)', () => {
    const cards = {
      ...production,
      CASH_PAYMENT_PROVIDER: 'disabled',
      CASH_PAYMENT_WEBHOOK_SECRET: '',
      CARD_PAYMENT_PROVIDER_IN: 'razorpay',
      CARD_PAYMENT_WEBHOOK_SECRET: '',
      RAZORPAY_KEY_ID: 'rzp_live_0123456789ab',
      RAZORPAY_KEY_SECRET: 'secret-0123456789',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-0123456789',
      RAZORPAY_CARD_RETURN_ORIGIN: 'https://lend.example',
    };
    // Mexico's cards still on the sandbox: named by the variable that chose it, with its public secret.
    expect(() => assertRealProviders(loadConfig(cards))).toThrow(
      /^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER and CARD_PAYMENT_PROVIDER to real providers; CARD_PAYMENT_WEBHOOK_SECRET is required/,
    );
    // Mexico's cards disabled: Razorpay signs its own deliveries, so no card secret of ours is needed.
    expect(() => assertRealProviders(loadConfig({ ...cards, CARD_PAYMENT_PROVIDER: 'disabled' }))).toThrow(
      /^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER to a real provider$/,
    );
  });

  it('lets every sandbox run outside production', () => {
    expect(() => assertRealProviders(loadConfig({}))).not.toThrow();
    expect(() => assertRealProviders(loadConfig({ DATABASE_URL: 'postgres://h/db', DEMO: '0' }))).not.toThrow();
    expect(() => assertRealProviders(loadConfig({ NODE_ENV: 'test' }))).not.toThrow();
  });
});
