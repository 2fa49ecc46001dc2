import { ErrorCode } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/sessions';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';

const path = '/machine/user-problem/get-whatsapp';

describe('borrower authentication', () => {
  let t: TestApp;
  let alice: BorrowerSession;
  let bob: BorrowerSession;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    alice = await openSession(t.app, '5512340001');
    bob = await openSession(t.app, '5512340002');
  });
  afterAll(async () => t?.close());

  const call = (query: string) =>
    t.app.inject({ method: 'POST', url: `${path}?${query}`, payload: { overall: 30 } });

  it('refuses a call without a session', async () => {
    const response = await call('language=1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: ErrorCode.SessionRequired, message: 'Please sign in to continue.', data: null });
  });

  it('refuses an unknown session id', async () => {
    const response = await call(sessionQuery({ userId: alice.userId, sessionId: 'A'.repeat(32) }));
    expect(response.json()).toMatchObject({ code: ErrorCode.SessionUnknown, data: null });
    expect(response.json().message).toBe('Su sesión no es válida. Inicie sesión de nuevo.');
  });

  it('refuses a session that does not belong to the userId of the call', async () => {
    const response = await call(sessionQuery({ userId: bob.userId, sessionId: alice.sessionId }));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ErrorCode.SessionUserMismatch);
    const missingUser = await call(new URLSearchParams({ sessionId: alice.sessionId }).toString());
    expect(missingUser.json().code).toBe(ErrorCode.SessionRequired);
  });

  it('refuses an expired session', async () => {
    const longAgo = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    const old = await createSession(t.database.db, { phone: '+525512340003', market: 'MX' }, longAgo);
    const response = await call(sessionQuery(old));
    expect(response.json().code).toBe(ErrorCode.SessionExpired);
  });

  it('answers a borrower whose call names no language in their market’s language, and in the one a call names', async () => {
    const indian = await openSession(t.app, '+919812340001');
    // A body the shared schema refuses: the refusal's message is in the language the answer takes.
    const refusal = async (session: BorrowerSession, language?: string) => {
      const response = await t.app.inject({ method: 'POST', url: `${path}?${sessionQuery(session, language ? { language } : {})}`, payload: { overall: 31 } });
      expect(response.statusCode).toBe(400);
      return response.json<{ message: string }>().message;
    };
    const [english, spanish] = [await refusal(indian, '1'), await refusal(alice, '2')];
    expect(english).not.toBe(spanish);
    expect(await refusal(indian)).toBe(english);
    expect(await refusal(alice)).toBe(spanish);
    expect(await refusal(indian, '2')).toBe(spanish);
    expect(await refusal(alice, '1')).toBe(english);
  });

  it('accepts a live session whose userId matches', async () => {
    const response = await call(sessionQuery(alice));
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(0);
  });

  it('issues session ids of at least 128 bits, different every time', async () => {
    const again = await openSession(t.app, '5512340001');
    expect(again.userId).toBe(alice.userId);
    expect(again.sessionId).not.toBe(alice.sessionId);
    expect(Buffer.from(again.sessionId, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  it('answers an unknown borrower call with a not-found envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/machine/nothing-here?${sessionQuery(alice)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: ErrorCode.NotFound, data: null });
  });
});
