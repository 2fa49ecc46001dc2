import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { assertRealProviders } from './real-providers';

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db', OPERATOR_TOKEN: 'x'.repeat(40) };

describe('assertRealProviders', () => {
  it('refuses production on any sandbox provider, in one line naming every variable to set', () => {
    expect(() => assertRealProviders(loadConfig(production))).toThrow(
      /^Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER and CASH_PAYMENT_PROVIDER to real providers$/,
    );
    const embedded = { NODE_ENV: 'production', DATA_DIR: '/srv/lend', OPERATOR_TOKEN: 'x'.repeat(40) };
    expect(() => assertRealProviders(loadConfig(embedded))).toThrow(/SMS_PROVIDER and CASH_PAYMENT_PROVIDER/);
  });

  it('lets every sandbox run outside production', () => {
    expect(() => assertRealProviders(loadConfig({}))).not.toThrow();
    expect(() => assertRealProviders(loadConfig({ DATABASE_URL: 'postgres://h/db', DEMO: '0' }))).not.toThrow();
    expect(() => assertRealProviders(loadConfig({ NODE_ENV: 'test' }))).not.toThrow();
  });
});
