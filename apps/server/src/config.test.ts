import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { SANDBOX_WEBHOOK_SECRET } from './providers/payments/webhook-signature';
import { SANDBOX_CARD_WEBHOOK_SECRET } from './providers/cards/redirect-notification';

describe('loadConfig', () => {
  it('defaults to port 3000 and the embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.demo).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://127.0.0.1:5432/test' });
  });

  it('passes PostgreSQL time limits to the database, leaving the defaults to it when unset', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://h/db',
      DATABASE_STATEMENT_TIMEOUT_MS: '20000',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '60000',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://h/db', statementTimeoutMs: 20_000, idleInTransactionTimeoutMs: 60_000 });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '15s' })).toThrow(
      /^Configuration error: DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds above 0 \(got "15s"\)$/,
    );
    expect(() => loadConfig({ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0' })).toThrow(
      /^Configuration error: DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS/,
    );
  });

  it('names the variable and the value in one line when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Configuration error: PORT .*\(got "eighty"\)$/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Configuration error: DATABASE_URL must be a postgres/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/^Configuration error: NODE_ENV/);
  });

  it('in production requires explicit database configuration and an operator token, and drops demo data', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' })).toThrow(/OPERATOR_TOKEN is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db', OPERATOR_TOKEN: 'x'.repeat(40) })).toThrow(/STAFF_SECRET_KEY is required/);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://h/db',
      OPERATOR_TOKEN: 'x'.repeat(40),
      STAFF_SECRET_KEY: 'a'.repeat(64),
    });
    expect(config.demo).toBe(false);
  });
});

describe('promotion settings', () => {
  it('makes Mexico the promotion’s default market unless PROMOTION_MARKET names India, and uses the sandbox SMS provider', () => {
    expect(loadConfig({}).promotionMarket).toBe('MX');
    expect(loadConfig({ PROMOTION_MARKET: 'IN' }).promotionMarket).toBe('IN');
    expect(loadConfig({}).smsProvider).toBe('sandbox');
    expect(() => loadConfig({ PROMOTION_MARKET: 'CN' })).toThrow(/^Configuration error: PROMOTION_MARKET/);
  });

  it('takes hourly SMS budgets in all and per template, 1,000 and 300 unless set', () => {
    expect(loadConfig({}).smsBudget).toEqual({ perHour: 1_000, perTemplatePerHour: 300 });
    expect(loadConfig({ SMS_BUDGET_PER_HOUR: '50', SMS_BUDGET_PER_TEMPLATE_PER_HOUR: '10' }).smsBudget).toEqual({ perHour: 50, perTemplatePerHour: 10 });
    expect(() => loadConfig({ SMS_BUDGET_PER_HOUR: '0' })).toThrow(
      /^Configuration error: SMS_BUDGET_PER_HOUR must be a whole number of at least 1 \(got "0"\)$/,
    );
  });

  it('takes the reads one borrower may make to one route per minute, 60 unless set', () => {
    expect(loadConfig({}).borrowerReadsPerMinute).toBe(60);
    expect(loadConfig({ BORROWER_READS_PER_MINUTE: '5000' }).borrowerReadsPerMinute).toBe(5000);
    expect(() => loadConfig({ BORROWER_READS_PER_MINUTE: 'many' })).toThrow(
      /^Configuration error: BORROWER_READS_PER_MINUTE must be a whole number of at least 1 \(got "many"\)$/,
    );
  });
});

describe('demo mode (docs/decisions/061)', () => {
  const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db', OPERATOR_TOKEN: 'x'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64) };

  it('is on for the embedded database outside production, and listens on the loopback interface only', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }, { DATA_DIR: '/tmp/lend-data' }]) {
      const config = loadConfig(env);
      expect(config.demo, JSON.stringify(env)).toBe(true);
      expect(config.host, JSON.stringify(env)).toBe('127.0.0.1');
    }
  });

  it('is off once DATABASE_URL is given, and the server listens on every interface', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://h/db' });
    expect(config.demo).toBe(false);
    expect(config.host).toBe('0.0.0.0');
  });

  it('is off in production, also on an embedded database chosen on purpose', () => {
    expect(loadConfig(production).demo).toBe(false);
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/srv/lend', OPERATOR_TOKEN: 'x'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64) }).demo).toBe(false);
  });

  it('follows DEMO when it is set', () => {
    expect(loadConfig({ DEMO: '1', DATABASE_URL: 'postgres://h/db' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '1', DATABASE_URL: 'postgres://h/db' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DEMO: '0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: '' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0', NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db', OPERATOR_TOKEN: 'x'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64) }).demo).toBe(false);
  });

  it('lets HOST choose the interface in either mode', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '10.0.0.5', DATABASE_URL: 'postgres://h/db' }).host).toBe('10.0.0.5');
  });

  it('refuses a bad DEMO value and demo mode in production, in one line naming DEMO', () => {
    expect(() => loadConfig({ DEMO: 'yes' })).toThrow(/^Configuration error: DEMO must be 1 or 0 \(got "yes"\)$/);
    expect(() => loadConfig({ ...production, DEMO: '1' })).toThrow(/^Configuration error: DEMO=1 is not allowed when NODE_ENV=production$/);
  });
});

describe('trusted proxies (docs/decisions/060)', () => {
  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a number of hops or a list of proxy addresses and CIDR blocks', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: '::1' }).trustProxy).toEqual(['::1']);
  });

  it('refuses anything else in one line naming TRUST_PROXY', () => {
    for (const value of ['true', '-1', '1.5', '10.0.0.0/33', '300.1.1.1', 'proxy.internal', '10.0.0.1,,10.0.0.2', 'fd00::/129']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/^Configuration error: TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses or CIDR blocks \(got ".*"\)$/);
    }
  });
});

describe('payment providers', () => {
  it('uses the sandbox cash-payment provider and names CASH_PAYMENT_PROVIDER when the value is unknown', () => {
    expect(loadConfig({}).cashPaymentProvider).toBe('sandbox');
    expect(() => loadConfig({ CASH_PAYMENT_PROVIDER: 'oxxo' })).toThrow(/^Configuration error: CASH_PAYMENT_PROVIDER /);
  });

  it('signs cash webhooks with the sandbox secret unless CASH_PAYMENT_WEBHOOK_SECRET is set, and refuses a short one', () => {
    expect(loadConfig({}).cashPaymentWebhookSecret).toBe(SANDBOX_WEBHOOK_SECRET);
    expect(loadConfig({ CASH_PAYMENT_WEBHOOK_SECRET: 'k'.repeat(32) }).cashPaymentWebhookSecret).toBe('k'.repeat(32));
    expect(() => loadConfig({ CASH_PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(
      /^Configuration error: CASH_PAYMENT_WEBHOOK_SECRET must be at least 32 characters$/,
    );
  });

  it('takes `disabled` for either payment provider (docs/decisions/111)', () => {
    const config = loadConfig({ CASH_PAYMENT_PROVIDER: 'disabled', CARD_PAYMENT_PROVIDER: 'disabled' });
    expect(config.cashPaymentProvider).toBe('disabled');
    expect(config.cardPaymentProvider).toBe('disabled');
  });

  it("gives each market CASH_PAYMENT_PROVIDER's value unless its own variable says otherwise (docs/decisions/115)", () => {
    expect(loadConfig({ CASH_PAYMENT_PROVIDER: 'disabled' }).cashPaymentProviders).toEqual({
      MX: { name: 'disabled', variable: 'CASH_PAYMENT_PROVIDER' },
      IN: { name: 'disabled', variable: 'CASH_PAYMENT_PROVIDER' },
    });
    expect(loadConfig({ CASH_PAYMENT_PROVIDER_IN: 'disabled' }).cashPaymentProviders).toEqual({
      MX: { name: 'sandbox', variable: 'CASH_PAYMENT_PROVIDER' },
      IN: { name: 'disabled', variable: 'CASH_PAYMENT_PROVIDER_IN' },
    });
    expect(() => loadConfig({ CASH_PAYMENT_PROVIDER_MX: 'oxxo' })).toThrow(/^Configuration error: CASH_PAYMENT_PROVIDER_MX /);
  });

  it("puts Mexico on Stripe only with its settings, reads them from files, and refuses Stripe for India", () => {
    const stripe = { CASH_PAYMENT_PROVIDER_MX: 'stripe', STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef', STRIPE_WEBHOOK_SECRET: `whsec_${'x'.repeat(32)}`, STRIPE_BILLING_EMAIL: 'pagos@lend.example' };
    expect(loadConfig(stripe).stripe).toEqual({
      secretKey: stripe.STRIPE_SECRET_KEY,
      apiBaseUrl: 'https://api.stripe.com',
      timeoutMs: 20_000,
      webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
      billingEmail: 'pagos@lend.example',
    });
    expect(loadConfig({ ...stripe, STRIPE_CASH_TIMEOUT_MS: '8000' }).stripe?.timeoutMs).toBe(8_000);
    expect(loadConfig({}).stripe).toBeUndefined();
    for (const missing of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_BILLING_EMAIL']) {
      expect(() => loadConfig({ ...stripe, [missing]: '' }), missing).toThrow(
        new RegExp(`^Configuration error: ${missing} is required when CASH_PAYMENT_PROVIDER_MX is stripe$`),
      );
    }
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_live_0123456789abcdef' })).toThrow(/^Configuration error: STRIPE_SECRET_KEY must be a Stripe secret or restricted key/);
    expect(loadConfig({ ...stripe, STRIPE_API_BASE_URL: 'http://127.0.0.1:12111' }).stripe?.apiBaseUrl).toBe('http://127.0.0.1:12111');
    // Cards on the same account need their own settings only when cards run on Stripe.
    expect(loadConfig(stripe).stripeCards).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'lend-stripe-'));
    writeFileSync(join(dir, 'whsec'), `${stripe.STRIPE_WEBHOOK_SECRET}\n`);
    expect(loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: '', STRIPE_WEBHOOK_SECRET_FILE: join(dir, 'whsec') }).stripe?.webhookSecret).toBe(stripe.STRIPE_WEBHOOK_SECRET);
    rmSync(dir, { recursive: true, force: true });
    expect(() => loadConfig({ ...stripe, CASH_PAYMENT_PROVIDER_IN: 'stripe' })).toThrow(/^Configuration error: CASH_PAYMENT_PROVIDER_IN cannot be stripe/);
  });

  it('puts India on Razorpay only with its settings, reads them from files, and refuses Razorpay for Mexico (docs/decisions/121)', () => {
    const razorpay = { CASH_PAYMENT_PROVIDER_IN: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_0123456789ab', RAZORPAY_KEY_SECRET: 'secret-0123456789', RAZORPAY_WEBHOOK_SECRET: 'webhook-0123456789' };
    expect(loadConfig(razorpay).razorpay).toEqual({ keyId: razorpay.RAZORPAY_KEY_ID, keySecret: razorpay.RAZORPAY_KEY_SECRET, webhookSecret: razorpay.RAZORPAY_WEBHOOK_SECRET, timeoutMs: 20_000 });
    // Every cash, refund and settlement call has its limit, the client having none (docs/decisions/214).
    expect(loadConfig({ ...razorpay, RAZORPAY_TIMEOUT_MS: '5000' }).razorpay?.timeoutMs).toBe(5_000);
    expect(() => loadConfig({ ...razorpay, RAZORPAY_TIMEOUT_MS: '0' })).toThrow(/^Configuration error: RAZORPAY_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000/);
    expect(loadConfig({}).razorpay).toBeUndefined();
    for (const missing of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      expect(() => loadConfig({ ...razorpay, [missing]: '' }), missing).toThrow(
        new RegExp(`^Configuration error: ${missing} is required when CASH_PAYMENT_PROVIDER_IN is razorpay$`),
      );
    }
    expect(() => loadConfig({ ...razorpay, RAZORPAY_KEY_ID: 'pk_live_0123456789' })).toThrow(/^Configuration error: RAZORPAY_KEY_ID must be a Razorpay key id/);
    const dir = mkdtempSync(join(tmpdir(), 'lend-razorpay-'));
    writeFileSync(join(dir, 'secret'), `${razorpay.RAZORPAY_KEY_SECRET}\n`);
    expect(loadConfig({ ...razorpay, RAZORPAY_KEY_SECRET: '', RAZORPAY_KEY_SECRET_FILE: join(dir, 'secret') }).razorpay?.keySecret).toBe(razorpay.RAZORPAY_KEY_SECRET);
    rmSync(dir, { recursive: true, force: true });
    expect(() => loadConfig({ ...razorpay, CASH_PAYMENT_PROVIDER_MX: 'razorpay' })).toThrow(/^Configuration error: CASH_PAYMENT_PROVIDER_MX cannot be razorpay for Mexico/);
  });
});

describe('settings read from files (docs/decisions/112)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lend-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('reads NAME_FILE as the trimmed content of the file it names, for secrets and any other setting', () => {
    const token = 't'.repeat(40);
    const config = loadConfig({
      OPERATOR_TOKEN_FILE: file('operator-token', `${token}\n`),
      DATABASE_URL_FILE: file('database-url', '  postgres://app:pw@db/lend\n'),
      PORT_FILE: file('port', '8080\n'),
      CARD_PAYMENT_WEBHOOK_SECRET_FILE: file('card-secret', 'c'.repeat(32)),
    });
    expect(config.operatorToken).toBe(token);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://app:pw@db/lend' });
    expect(config.port).toBe(8080);
    expect(config.cardPaymentWebhookSecret).toBe('c'.repeat(32));
  });

  it('refuses NAME and NAME_FILE together, naming both', () => {
    expect(() => loadConfig({ OPERATOR_TOKEN: 'o'.repeat(40), OPERATOR_TOKEN_FILE: file('token-both', 'o'.repeat(40)) })).toThrow(
      /^Configuration error: OPERATOR_TOKEN and OPERATOR_TOKEN_FILE are both set; set only one$/,
    );
  });

  it('stops on a file that cannot be read, naming the variable', () => {
    expect(() => loadConfig({ REDIS_URL_FILE: join(dir, 'missing') })).toThrow(
      /^Configuration error: REDIS_URL_FILE names a file that cannot be read \(.*missing: ENOENT\)$/,
    );
    if (process.getuid?.() !== 0) {
      const locked = file('locked', 'redis://r:6379');
      chmodSync(locked, 0o000);
      expect(() => loadConfig({ REDIS_URL_FILE: locked })).toThrow(/^Configuration error: REDIS_URL_FILE names a file that cannot be read \(.*EACCES\)$/);
    }
  });

  it('checks a value from a file like any other, without repeating it', () => {
    expect(() => loadConfig({ CASH_PAYMENT_WEBHOOK_SECRET_FILE: file('short-secret', 'short\n') })).toThrow(
      /^Configuration error: CASH_PAYMENT_WEBHOOK_SECRET \(read from CASH_PAYMENT_WEBHOOK_SECRET_FILE\) must be at least 32 characters$/,
    );
    expect(() => loadConfig({ PORT_FILE: file('bad-port', 'eighty') })).toThrow(/^Configuration error: PORT \(read from PORT_FILE\) must be .*[^)]$/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db' })).toThrow(/^Configuration error: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ address$/);
  });

  it('leaves other *_FILE variables of the environment alone', () => {
    expect(loadConfig({ HISTFILE_FILE: join(dir, 'missing'), SOME_TOOL_FILE: '/nope' }).port).toBe(3000);
  });

  it('waits SHUTDOWN_GRACE_MS, 10 s unless set, for requests in flight at a stop', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '30000' }).shutdownGraceMs).toBe(30_000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '10s' })).toThrow(/^Configuration error: SHUTDOWN_GRACE_MS must be a whole number of milliseconds above 0 \(got "10s"\)$/);
  });
});

describe('card payments', () => {
  it('uses the sandbox card provider and names CARD_PAYMENT_PROVIDER when the value is unknown', () => {
    expect(loadConfig({}).cardPaymentProvider).toBe('sandbox');
    expect(() => loadConfig({ CARD_PAYMENT_PROVIDER: 'adyen' })).toThrow(/^Configuration error: CARD_PAYMENT_PROVIDER /);
  });

  it('chooses each market’s card provider, CARD_PAYMENT_PROVIDER unless its own variable says (docs/decisions/124)', () => {
    expect(loadConfig({}).cardPaymentProviders).toEqual({
      MX: { name: 'sandbox', variable: 'CARD_PAYMENT_PROVIDER' },
      IN: { name: 'sandbox', variable: 'CARD_PAYMENT_PROVIDER' },
    });
    expect(loadConfig({ CARD_PAYMENT_PROVIDER: 'disabled', CARD_PAYMENT_PROVIDER_MX: 'sandbox' }).cardPaymentProviders).toEqual({
      MX: { name: 'sandbox', variable: 'CARD_PAYMENT_PROVIDER_MX' },
      IN: { name: 'disabled', variable: 'CARD_PAYMENT_PROVIDER' },
    });
    expect(() => loadConfig({ CARD_PAYMENT_PROVIDER_IN: 'adyen' })).toThrow(/^Configuration error: CARD_PAYMENT_PROVIDER_IN /);
    // Razorpay is not a default for both markets: it takes rupee cards only.
    expect(() => loadConfig({ CARD_PAYMENT_PROVIDER: 'razorpay' })).toThrow(/^Configuration error: CARD_PAYMENT_PROVIDER /);
  });

  it('puts India’s cards on Razorpay only with its settings and a return origin, and refuses Razorpay for Mexico’s cards', () => {
    const razorpay = {
      CARD_PAYMENT_PROVIDER_IN: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_0123456789ab',
      RAZORPAY_KEY_SECRET: 'secret-0123456789',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-0123456789',
      RAZORPAY_CARD_RETURN_ORIGIN: 'https://lend.example/',
    };
    const config = loadConfig(razorpay);
    expect(config.cardPaymentProviders.IN).toEqual({ name: 'razorpay', variable: 'CARD_PAYMENT_PROVIDER_IN' });
    expect(config.razorpay).toEqual({ keyId: razorpay.RAZORPAY_KEY_ID, keySecret: razorpay.RAZORPAY_KEY_SECRET, webhookSecret: razorpay.RAZORPAY_WEBHOOK_SECRET, timeoutMs: 20_000 });
    expect(config.razorpayCards).toEqual({ returnOrigin: 'https://lend.example', timeoutMs: 20_000 });
    expect(loadConfig({ ...razorpay, RAZORPAY_CARD_TIMEOUT_MS: '5000' }).razorpayCards?.timeoutMs).toBe(5_000);
    expect(loadConfig({}).razorpayCards).toBeUndefined();
    for (const missing of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'RAZORPAY_CARD_RETURN_ORIGIN']) {
      expect(() => loadConfig({ ...razorpay, [missing]: '' }), missing).toThrow(
        new RegExp(`^Configuration error: ${missing} is required when CARD_PAYMENT_PROVIDER_IN is razorpay$`),
      );
    }
    expect(() => loadConfig({ ...razorpay, RAZORPAY_CARD_RETURN_ORIGIN: 'https://lend.example/pay' })).toThrow(/^Configuration error: RAZORPAY_CARD_RETURN_ORIGIN must be an https:\/\/ origin/);
    expect(() => loadConfig({ ...razorpay, RAZORPAY_CARD_TIMEOUT_MS: '50' })).toThrow(/^Configuration error: RAZORPAY_CARD_TIMEOUT_MS must be a whole number/);
    expect(() => loadConfig({ ...razorpay, CARD_PAYMENT_PROVIDER_MX: 'razorpay' })).toThrow(/^Configuration error: CARD_PAYMENT_PROVIDER_MX cannot be razorpay for Mexico/);
    // Stripe keeps taking cards in both markets as before when asked to (docs/decisions/117, 124).
    const stripe = {
      CARD_PAYMENT_PROVIDER_IN: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_0123456789abcdef',
      STRIPE_CARD_WEBHOOK_SECRET: 'whsec_0123456789abcdef0123',
      STRIPE_CARD_RETURN_ORIGIN: 'https://lend.example',
    };
    expect(loadConfig(stripe).stripeCards?.secretKey).toBe(stripe.STRIPE_SECRET_KEY);
    expect(() => loadConfig({ CARD_PAYMENT_PROVIDER_IN: 'stripe' })).toThrow(/^Configuration error: STRIPE_SECRET_KEY is required/);
  });

  it('signs card notifications with the sandbox secret unless CARD_PAYMENT_WEBHOOK_SECRET is set, and refuses a short one', () => {
    expect(loadConfig({}).cardPaymentWebhookSecret).toBe(SANDBOX_CARD_WEBHOOK_SECRET);
    expect(loadConfig({ CARD_PAYMENT_WEBHOOK_SECRET: 'c'.repeat(32) }).cardPaymentWebhookSecret).toBe('c'.repeat(32));
    expect(() => loadConfig({ CARD_PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(/^Configuration error: CARD_PAYMENT_WEBHOOK_SECRET must be at least 32 characters/);
  });

  it('leaves a pending refund to whoever last asked its provider for five minutes, at once in tests, unless REFUND_FOLLOW_AFTER_MS says', () => {
    expect(loadConfig({}).refundFollowAfterMs).toBe(300_000);
    expect(loadConfig({ NODE_ENV: 'test' }).refundFollowAfterMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', REFUND_FOLLOW_AFTER_MS: '60000' }).refundFollowAfterMs).toBe(60_000);
    expect(() => loadConfig({ REFUND_FOLLOW_AFTER_MS: 'soon' })).toThrow(/^Configuration error: REFUND_FOLLOW_AFTER_MS must be a whole number of milliseconds above 0/);
  });

  it('answers at once in tests and after 300 ms otherwise, unless CARD_SANDBOX_LATENCY_MS says', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).cardSandboxLatencyMs).toBe(0);
    expect(loadConfig({}).cardSandboxLatencyMs).toBe(300);
    expect(loadConfig({ CARD_SANDBOX_LATENCY_MS: '0' }).cardSandboxLatencyMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', CARD_SANDBOX_LATENCY_MS: '1500' }).cardSandboxLatencyMs).toBe(1500);
    for (const value of ['-1', '1.5', 'slow', '60001']) {
      expect(() => loadConfig({ CARD_SANDBOX_LATENCY_MS: value }), value).toThrow(
        /^Configuration error: CARD_SANDBOX_LATENCY_MS must be a whole number of milliseconds from 0 to 60000/,
      );
    }
  });

  it('runs the reminders every 5 minutes unless REMINDER_INTERVAL_MS says', () => {
    expect(loadConfig({}).reminderIntervalMs).toBe(300_000);
    expect(loadConfig({ REMINDER_INTERVAL_MS: '60000' }).reminderIntervalMs).toBe(60_000);
    expect(() => loadConfig({ REMINDER_INTERVAL_MS: '0' })).toThrow(/^Configuration error: REMINDER_INTERVAL_MS must be a whole number of milliseconds above 0/);
  });
});
