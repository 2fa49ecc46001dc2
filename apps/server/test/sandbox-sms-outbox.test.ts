import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createSmsProvider } from '../src/providers/sms/create-sms-provider';
import { listOutbox } from '../src/providers/sms/outbox-repository';
import { createTestApp, type TestApp } from './helper';

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://unused/db', OPERATOR_TOKEN: 'p'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64) };

describe('the sandbox SMS outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const message = (phone: string) => ({ phone, text: 'Your Lend verification code is 481516. Never share it.', oneTimeCode: '481516', kind: 'sign-in-code' as const });

  it('keeps the one-time code outside production, for operators and tests to read', async () => {
    await createSmsProvider(loadConfig({ DATABASE_URL: 'postgres://unused/db' }), t.database.db).send(message('5544440001'));
    const [row] = await listOutbox(t.database.db, { phone: '5544440001' }, { limit: 10, after: undefined });
    expect(row).toMatchObject({ code: '481516', text: 'Your Lend verification code is 481516. Never share it.' });
  });

  it('never stores the one-time code in production, neither alone nor inside the text', async () => {
    await createSmsProvider(loadConfig(production), t.database.db).send(message('5544440002'));
    const rows = await listOutbox(t.database.db, { phone: '5544440002' }, { limit: 10, after: undefined });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code).toBe('');
    expect(rows[0]?.text).not.toContain('481516');
    expect(rows[0]?.text).toBe('Your Lend verification code is ******. Never share it.');
  });
});
