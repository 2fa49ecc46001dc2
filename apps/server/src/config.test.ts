import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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

  it('names the variable and the value in one line when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Configuration error: PORT .*\(got "eighty"\)$/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Configuration error: DATABASE_URL must be a postgres/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/^Configuration error: NODE_ENV/);
  });

  it('in production requires explicit database configuration and an operator token, and drops demo data', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' })).toThrow(/OPERATOR_TOKEN is required/);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://h/db',
      OPERATOR_TOKEN: 'x'.repeat(40),
    });
    expect(config.demo).toBe(false);
  });
});

describe('promotion settings', () => {
  it('accepts Mexican phone numbers unless PROMOTION_MARKET says India, and uses the sandbox SMS provider', () => {
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
});
