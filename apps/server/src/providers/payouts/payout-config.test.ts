import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { assertRealProviders } from '../../real-providers';
import { SANDBOX_PAYOUT_WEBHOOK_SECRET } from './payout-config';

const base = { NODE_ENV: 'development', DATA_DIR: '/nonexistent-config-test' };
const production = { NODE_ENV: 'production', DATA_DIR: '/nonexistent', OPERATOR_TOKEN: 'o'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64) };

describe('payout settings', () => {
  it('runs both markets on the sandbox outside production, with the sender every minute and no ceiling', () => {
    const config = loadConfig(base);
    expect(config.payoutProviders).toEqual({ MX: { name: 'sandbox', variable: 'PAYOUT_PROVIDER_MX' }, IN: { name: 'sandbox', variable: 'PAYOUT_PROVIDER_IN' } });
    expect(config).toMatchObject({ payoutSendIntervalMs: 60_000, payoutReconcileAfterMs: 600_000, payoutDailyLimits: {}, payoutSandboxSettleMs: 5_000 });
    expect(config.payoutSandboxWebhookSecret).toBe(SANDBOX_PAYOUT_WEBHOOK_SECRET);
  });

  it('disables payouts in production unless a market names its rail, and never settles by itself in tests', () => {
    expect(loadConfig(production).payoutProviders.MX.name).toBe('disabled');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).payoutSandboxSettleMs).toBeUndefined();
    expect(loadConfig({ ...base, PAYOUT_PROVIDER_IN: 'disabled', PAYOUT_DAILY_LIMIT_MX: '5000000' })).toMatchObject({
      payoutProviders: { MX: { name: 'sandbox' }, IN: { name: 'disabled' } },
      payoutDailyLimits: { MX: 5_000_000 },
    });
  });

  it('stops on a value it cannot use, naming the variable', () => {
    expect(() => loadConfig({ ...base, PAYOUT_PROVIDER_MX: 'stp-typo' })).toThrow(/^Configuration error: PAYOUT_PROVIDER_MX /);
    expect(() => loadConfig({ ...base, PAYOUT_DAILY_LIMIT_IN: '-1' })).toThrow(/^Configuration error: PAYOUT_DAILY_LIMIT_IN /);
    expect(() => loadConfig({ ...production, PAYOUT_CRASH_AT: 'before-send' })).toThrow(new ConfigError('Configuration error: PAYOUT_CRASH_AT is not allowed when NODE_ENV=production'));
  });
});

describe('the real payout rails’ settings (docs/decisions/158)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'payout-rail-settings-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  writeFileSync(join(folder, 'stp.pem'), privateKey);
  writeFileSync(join(folder, 'razorpayx-secret'), 'razorpayx-key-secret-0001\n');
  const stp = {
    PAYOUT_PROVIDER_MX: 'stp',
    STP_API_BASE_URL: 'https://prod.stpmex.com',
    STP_EMPRESA: 'PRESTAMOS',
    STP_ORDENANTE_CUENTA: '646180104000000002',
    STP_ORDENANTE_NOMBRE: 'Prestamos Ejemplo SA de CV',
    STP_ORDENANTE_RFC_CURP: 'PEJ200101AB1',
    STP_PRIVATE_KEY_FILE: join(folder, 'stp.pem'),
  };
  const razorpayX = {
    PAYOUT_PROVIDER_IN: 'razorpayx',
    RAZORPAYX_KEY_ID: 'rzp_live_Abcdefgh1234',
    RAZORPAYX_KEY_SECRET_FILE: join(folder, 'razorpayx-secret'),
    RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
    RAZORPAYX_WEBHOOK_SECRET: 'webhook-secret-0001',
  };

  it('reads each market’s rail through its adapter’s reader, secrets from their files', () => {
    const config = loadConfig({ ...base, ...stp, ...razorpayX });
    expect(config.payoutProviders).toEqual({ MX: { name: 'stp', variable: 'PAYOUT_PROVIDER_MX' }, IN: { name: 'razorpayx', variable: 'PAYOUT_PROVIDER_IN' } });
    expect(config.stpPayouts).toMatchObject({ baseUrl: 'https://prod.stpmex.com', empresa: 'PRESTAMOS', privateKeyPem: privateKey.trim(), timeoutMs: 15_000 });
    expect(config.razorpayXPayouts).toMatchObject({ keyId: 'rzp_live_Abcdefgh1234', keySecret: 'razorpayx-key-secret-0001', mode: 'IMPS' });
    expect(loadConfig(base)).toMatchObject({ stpPayouts: undefined, razorpayXPayouts: undefined });
  });

  it('refuses a rail in the other market, and a missing or malformed setting, in one line naming the variable', () => {
    expect(() => loadConfig({ ...base, PAYOUT_PROVIDER_IN: 'stp' })).toThrow(new ConfigError("Configuration error: PAYOUT_PROVIDER_IN cannot be stp: it carries Mexico's SPEI transfers in pesos only"));
    expect(() => loadConfig({ ...base, PAYOUT_PROVIDER_MX: 'razorpayx' })).toThrow(/^Configuration error: PAYOUT_PROVIDER_MX cannot be razorpayx: /);
    expect(() => loadConfig({ ...base, ...stp, STP_EMPRESA: '' })).toThrow(new ConfigError('Configuration error: STP_EMPRESA is required when Mexico pays out through STP'));
    expect(() => loadConfig({ ...base, ...razorpayX, RAZORPAYX_KEY_ID: 'key' })).toThrow(/^Configuration error: RAZORPAYX_KEY_ID must be a Razorpay key id/);
    expect(() => loadConfig({ ...base, ...razorpayX, RAZORPAYX_KEY_SECRET: 'also-set-here' })).toThrow(/^Configuration error: RAZORPAYX_KEY_SECRET and RAZORPAYX_KEY_SECRET_FILE are both set/);
  });

  it('refuses in production a RazorpayX test key and STP’s demo service', () => {
    const live = { ...production, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'b'.repeat(32), TWILIO_FROM: '+15005550006', CASH_PAYMENT_PROVIDER: 'disabled', CARD_PAYMENT_PROVIDER: 'disabled' };
    expect(() => assertRealProviders(loadConfig({ ...live, ...stp, ...razorpayX }))).not.toThrow();
    expect(() => assertRealProviders(loadConfig({ ...live, ...razorpayX, RAZORPAYX_KEY_ID: 'rzp_test_Abcdefgh1234' }))).toThrow(
      new ConfigError('Configuration error: RAZORPAYX_KEY_ID must be a live key (rzp_live_…) when NODE_ENV=production'),
    );
    expect(() => assertRealProviders(loadConfig({ ...live, ...stp, STP_API_BASE_URL: 'https://demo.stpmex.com:7024' }))).toThrow(/STP_API_BASE_URL must be STP's production address/);
  });
});
