import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
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
