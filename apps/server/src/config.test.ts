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
});
