import { AccountLimits, AccountPath, ErrorCode, MACHINE_BASE, OPERATOR_BASE, OperatorPath, errorMessage, Limits, OneTimeCodeLimits, type AccountSession } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { endAllSessions, hashSessionId } from '../src/modules/sessions';
import { createTestApp, sessionQuery, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { signInWithSms as signInOnce, steppingClock } from './account-helpers';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const ANA = { phone: '5512340001', e164: '+525512340001' };
const RAVI = { phone: '9812340002', e164: '+919812340002' };

let t: TestApp;
let clock: ReturnType<typeof steppingClock>;

beforeEach(async () => {
  clock = steppingClock(new Date('2026-03-02T10:00:00Z'));
  t = await createTestApp({ now: clock.now });
});
afterEach(async () => {
  await t.close();
});

/** Each sign-in a minute after the last, past the resend wait. */
async function signInWithSms(...args: Parameters<typeof signInOnce>) {
  clock.advance(OneTimeCodeLimits.resendMs + 1_000);
  return signInOnce(...args);
}

const listSessions = (session: { userId: string; sessionId: string }, language = '2') =>
  callBorrower<{ items: AccountSession[] }>(t.app, session, AccountPath.sessions, {}, language);

describe('my sessions', () => {
  it('lists the borrower’s live sessions with the current one marked, and no session id or hash', async () => {
    const phone = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'phone-1');
    clock.advance(2 * 60_000);
    const tablet = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'tablet-1');
    await signInWithSms(t, RAVI.phone, 'IN', RAVI.e164, 'ravi-phone');

    const listed = await listSessions(tablet);
    expect(listed.code).toBe(0);
    expect(listed.data.items.map((s) => [s.deviceId, s.current])).toEqual([
      ['tablet-1', true],
      ['phone-1', false],
    ]);
    const body = JSON.stringify(listed);
    for (const secret of [phone.sessionId, tablet.sessionId, hashSessionId(phone.sessionId), hashSessionId(tablet.sessionId)]) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain(secret.slice(0, 8));
    }
    for (const item of listed.data.items) expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(listed.data.items[0]).toMatchObject({ createdAt: expect.any(String), lastUsedAt: expect.any(String) });
  });

  it('signs out this session only: its next call is refused at once, the other device stays in', async () => {
    const phone = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'phone-1');
    const tablet = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'tablet-1');
    // The session is remembered by this process now (docs/decisions/085).
    expect((await listSessions(phone)).code).toBe(0);
    const out = await callBorrower<{ signedOut: number }>(t.app, phone, AccountPath.signOut, {});
    expect(out).toMatchObject({ code: 0, data: { signedOut: 1 } });
    const refused = await listSessions(phone);
    expect(refused).toMatchObject({ code: ErrorCode.SessionUnknown, message: errorMessage(ErrorCode.SessionUnknown, 'es'), status: 401 });
    const left = await listSessions(tablet);
    expect(left.data.items.map((s) => s.deviceId)).toEqual(['tablet-1']);
  });

  it('signs out this session when the app sends no body at all', async () => {
    const phone = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'phone-1');
    const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${AccountPath.signOut}?${sessionQuery(phone, { language: '1' })}` });
    expect(response.json()).toMatchObject({ code: 0, data: { signedOut: 1 } });
    expect((await listSessions(phone)).code).toBe(ErrorCode.SessionUnknown);
  });

  it('signs out every device with all=1, and endAllSessions does the same for account deletion', async () => {
    const phone = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'phone-1');
    const tablet = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'tablet-1');
    const ravi = await signInWithSms(t, RAVI.phone, 'IN', RAVI.e164, 'ravi-phone');
    expect((await listSessions(tablet)).code).toBe(0);
    const out = await callBorrower<{ signedOut: number }>(t.app, phone, AccountPath.signOut, { all: '1' }, '1');
    expect(out).toMatchObject({ code: 0, data: { signedOut: 2 } });
    expect((await listSessions(phone)).code).toBe(ErrorCode.SessionUnknown);
    expect((await listSessions(tablet, '1'))).toMatchObject({ code: ErrorCode.SessionUnknown, message: errorMessage(ErrorCode.SessionUnknown, 'en') });
    expect((await listSessions(ravi)).code).toBe(0);

    expect(await endAllSessions(t.database.db, Number(ravi.userId), clock.now())).toBe(1);
    expect((await listSessions(ravi)).code).toBe(ErrorCode.SessionUnknown);
    expect(await endAllSessions(t.database.db, Number(ravi.userId), clock.now())).toBe(0);
  });

  it('refuses another borrower’s session and never signs it out', async () => {
    const ana = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'phone-1');
    const ravi = await signInWithSms(t, RAVI.phone, 'IN', RAVI.e164, 'ravi-phone');
    const mixed = { userId: ana.userId, sessionId: ravi.sessionId };
    expect((await listSessions(mixed)).code).toBe(ErrorCode.SessionUserMismatch);
    expect((await callBorrower(t.app, mixed, AccountPath.signOut, { all: '1' })).code).toBe(ErrorCode.SessionUserMismatch);
    expect((await callBorrower(t.app, mixed, AccountPath.orders, {})).code).toBe(ErrorCode.SessionUserMismatch);
    expect((await listSessions(ana)).data.items).toHaveLength(1);
    expect((await listSessions(ravi)).data.items).toHaveLength(1);
    expect((await listSessions({ userId: ana.userId, sessionId: 'not-a-session' })).code).toBe(ErrorCode.SessionUnknown);
  });
});

describe('session lifetime', () => {
  it('writes last-used at most once an hour', async () => {
    const ana = await signInWithSms(t, ANA.phone, 'MX', ANA.e164);
    const lastUsed = async () =>
      (await t.database.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.idHash, hashSessionId(ana.sessionId))))[0]?.at.getTime();
    const signedInAt = await lastUsed();
    clock.advance(30 * 60_000);
    await listSessions(ana);
    expect(await lastUsed()).toBe(signedInAt);
    clock.advance(31 * 60_000);
    await listSessions(ana);
    expect(await lastUsed()).toBe(clock.now().getTime());
    clock.advance(10_000);
    await listSessions(ana);
    expect(await lastUsed()).toBe(clock.now().getTime() - 10_000);
  });

  it('ends a session unused for 30 days, and one past its absolute end however much it is used', async () => {
    const ana = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'phone-1');
    const idle = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'tablet-1');
    // A longer absolute end than today's, so only the idle rule can end the session.
    await t.database.db.update(sessions).set({ expiresAt: new Date(clock.now().getTime() + 90 * DAY_MS) });
    for (let day = 0; day < 3; day += 1) {
      clock.advance(20 * DAY_MS);
      expect((await listSessions(ana)).code).toBe(0);
    }
    expect((await listSessions(idle)).code).toBe(ErrorCode.SessionExpired);
    expect((await listSessions(ana)).data.items.map((s) => s.deviceId)).toEqual(['phone-1']);

    const fresh = await signInWithSms(t, ANA.phone, 'MX', ANA.e164, 'phone-2');
    for (let day = 0; day < 2; day += 1) {
      clock.advance(Limits.sessionTtlMs / 2 - HOUR_MS);
      expect((await listSessions(fresh)).code).toBe(0);
    }
    clock.advance(2 * HOUR_MS + 1);
    expect((await listSessions(fresh)).code).toBe(ErrorCode.SessionExpired);
    expect(AccountLimits.sessionIdleMs).toBe(30 * DAY_MS);
  });
});

describe('the operator’s session command', () => {
  it('finds the borrower by phone and market, as sign-in stores them', async () => {
    const ravi = await signInWithSms(t, RAVI.phone, 'IN', RAVI.e164, 'ravi-phone');
    const open = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `${OPERATOR_BASE}${OperatorPath.createSession}`, headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` }, payload });
    const indian = (await open({ phone: '+91 98123 40002', market: 'IN' })).json<{ data: { userId: string } }>();
    expect(indian.data.userId).toBe(ravi.userId);
    // Without a market the command means Mexico: the same ten digits there are someone else.
    const mexican = (await open({ phone: RAVI.phone })).json<{ data: { userId: string } }>();
    expect(mexican.data.userId).not.toBe(ravi.userId);
    expect((await open({ phone: '5512340001', market: 'IN' })).statusCode).toBe(400);
  });
});
