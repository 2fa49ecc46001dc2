import { ErrorCode } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, sessions } from '../src/db/schema';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './helper';

describe('operator API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const createSession = (payload: unknown, token: string | null = TEST_OPERATOR_TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: '/operator/v1/sessions',
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    });

  it('refuses calls without the operator token or with a wrong one', async () => {
    expect((await createSession({ phone: '5512345678' }, null)).statusCode).toBe(401);
    const wrong = await createSession({ phone: '5512345678' }, 'not-the-token');
    expect(wrong.json()).toMatchObject({ code: ErrorCode.OperatorUnauthorized });
    expect(await t.database.db.select().from(borrowers)).toHaveLength(0);
  });

  it('does not accept a borrower session as an operator credential', async () => {
    const created = (await createSession({ phone: '5512345678' })).json().data;
    const response = await t.app.inject({
      method: 'GET',
      url: `/operator/v1/health?userId=${created.userId}&sessionId=${created.sessionId}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('creates the borrower once and a new session each time, storing only the session hash', async () => {
    const first = (await createSession({ phone: '55-1234-0099', name: 'Luz' })).json().data;
    const second = (await createSession({ phone: '5512340099' })).json().data;
    expect(second.userId).toBe(first.userId);
    const rows = await t.database.db.select().from(borrowers).where(eq(borrowers.phone, '+525512340099'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Luz');
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.borrowerId, Number(first.userId)));
    expect(stored).toHaveLength(2);
    expect(stored.map((s) => s.idHash)).not.toContain(first.sessionId);
  });

  it('validates the phone and names the field', async () => {
    const response = await createSession({ phone: '12ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ErrorCode.InvalidRequest, message: 'Invalid value for "phone".', data: null });
  });
});
