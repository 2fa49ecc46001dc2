import { ErrorCode } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { createSession, hashSessionId, SESSION_RECHECK_MS, sessionAuthenticator } from '../src/modules/sessions';
import { AppError } from '../src/errors';
import { createTestApp, type TestApp } from './helper';

const T0 = new Date('2026-11-20T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

async function refusal(check: Promise<unknown>): Promise<number | undefined> {
  try {
    await check;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('the session check of borrower calls', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const revoke = (sessionId: string) =>
    t.database.db.update(sessions).set({ revokedAt: T0 }).where(eq(sessions.idHash, hashSessionId(sessionId)));

  it('reads a live session once per interval, and sees it signed out after that', async () => {
    const authenticate = sessionAuthenticator(t.database.db);
    const session = await createSession(t.database.db, { phone: '+525512349001', market: 'MX', deviceId: 'phone-1' }, T0);
    expect(await authenticate(session.sessionId, session.userId, T0)).toEqual({ borrowerId: Number(session.userId), deviceId: 'phone-1', market: 'MX' });
    await revoke(session.sessionId);
    // Within the interval the call is not looked up again.
    expect(await authenticate(session.sessionId, session.userId, at(SESSION_RECHECK_MS - 1))).toMatchObject({ deviceId: 'phone-1' });
    expect(await refusal(authenticate(session.sessionId, session.userId, at(SESSION_RECHECK_MS)))).toBe(ErrorCode.SessionUnknown);
    expect(await refusal(authenticate(session.sessionId, session.userId, at(SESSION_RECHECK_MS + 1)))).toBe(ErrorCode.SessionUnknown);
  });

  it('with change notices, trusts a remembered session past the interval and refuses it the moment it is signed out', async () => {
    const authenticate = sessionAuthenticator(t.database.db, { notices: t.database.notices, now: () => T0 });
    try {
      const session = await createSession(t.database.db, { phone: '+525512349005', market: 'MX', deviceId: 'phone-5' }, T0);
      expect(await authenticate(session.sessionId, session.userId, T0)).toEqual({ borrowerId: Number(session.userId), deviceId: 'phone-5', market: 'MX' });
      expect(await authenticate(session.sessionId, session.userId, at(SESSION_RECHECK_MS * 3))).toMatchObject({ deviceId: 'phone-5' });
      // Revoked by a statement of its own, as another server would: the notice forgets it at once.
      await revoke(session.sessionId);
      expect(await refusal(authenticate(session.sessionId, session.userId, at(SESSION_RECHECK_MS * 3 + 1)))).toBe(ErrorCode.SessionUnknown);
    } finally {
      authenticate.stop();
    }
  });

  it('refuses a session the moment it expires, even while it is remembered', async () => {
    const authenticate = sessionAuthenticator(t.database.db);
    const session = await createSession(t.database.db, { phone: '+525512349002', market: 'MX' }, T0);
    const expiresAt = session.expiresAt.getTime() - T0.getTime();
    await authenticate(session.sessionId, session.userId, at(expiresAt - 1000));
    expect(await refusal(authenticate(session.sessionId, session.userId, at(expiresAt)))).toBe(ErrorCode.SessionExpired);
    expect(await refusal(authenticate(session.sessionId, session.userId, at(expiresAt + 1)))).toBe(ErrorCode.SessionExpired);
  });

  it("checks the call's userId every time, remembered or not", async () => {
    const authenticate = sessionAuthenticator(t.database.db);
    const session = await createSession(t.database.db, { phone: '+525512349003', market: 'MX' }, T0);
    await authenticate(session.sessionId, session.userId, T0);
    expect(await refusal(authenticate(session.sessionId, String(Number(session.userId) + 1), at(1)))).toBe(ErrorCode.SessionUserMismatch);
    expect(await refusal(authenticate(session.sessionId, undefined, at(1)))).toBe(ErrorCode.SessionRequired);
  });

  it('never remembers a signed-out session', async () => {
    const authenticate = sessionAuthenticator(t.database.db);
    const session = await createSession(t.database.db, { phone: '+525512349004', market: 'MX' }, T0);
    await revoke(session.sessionId);
    expect(await refusal(authenticate(session.sessionId, session.userId, T0))).toBe(ErrorCode.SessionUnknown);
    await t.database.db.update(sessions).set({ revokedAt: null }).where(eq(sessions.idHash, hashSessionId(session.sessionId)));
    // Read again at once: a refusal is not remembered.
    expect(await authenticate(session.sessionId, session.userId, at(1))).toMatchObject({ borrowerId: Number(session.userId) });
  });
});
