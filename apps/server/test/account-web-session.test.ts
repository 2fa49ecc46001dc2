import { AccountPath, BORROWER_WEB_COOKIE, ErrorCode, MACHINE_BASE, OneTimeCodeLimits } from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';
import { latestCode, sendCode, steppingClock, type Envelope } from './account-helpers';

const MX = { phone: '55 2345 6789', e164: '+525523456789' };
const IN = { phone: '98765 12340', e164: '+919876512340' };
const BROWSER_DEVICE = 'web-4f1c2a9e-8d0b-4c7e-9b1a-2f6d3e5c7a10';

let t: TestApp;
let clock: ReturnType<typeof steppingClock>;

beforeEach(async () => {
  clock = steppingClock();
  t = await createTestApp({ now: clock.now });
});
afterEach(async () => {
  await t.close();
});

type Answer<T> = Envelope<T> & { status: number; setCookie: string[] };

/** A call as a phone's browser makes it: JSON body, no session in the query, the cookies it holds. */
async function browserCall<T>(app: FastifyInstance, path: string, options: { body?: Record<string, string>; cookie?: string; origin?: string } = {}): Promise<Answer<T>> {
  const response = await app.inject({
    method: 'POST',
    url: `${MACHINE_BASE}${path}?language=2`,
    payload: options.body ?? {},
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.origin ? { origin: options.origin, host: 'lend.example' } : {}) },
    remoteAddress: '198.51.100.9',
  });
  const setCookie = response.headers['set-cookie'];
  return { ...response.json<Envelope<T>>(), status: response.statusCode, setCookie: setCookie === undefined ? [] : [setCookie].flat() };
}

/** The `name=value` a `Set-Cookie` gives the browser to send back. */
const sentBack = (setCookie: string): string => setCookie.split(';')[0] ?? '';

async function webSignIn(phone: string, market: 'MX' | 'IN', e164: string) {
  expect((await sendCode(t.app, phone, market, BROWSER_DEVICE)).code).toBe(0);
  return browserCall<{ userId: string; expiresAt: string; newBorrower: boolean }>(t.app, AccountPath.webSignIn, {
    body: { phone, market, code: await latestCode(t, e164), deviceId: BROWSER_DEVICE },
  });
}

describe("a session in a phone's browser (docs/decisions/239)", () => {
  it('keeps the session in an HttpOnly, SameSite=Strict cookie the answer never names', async () => {
    const signed = await webSignIn(MX.phone, 'MX', MX.e164);
    expect(signed).toMatchObject({ status: 200, code: 0, data: { newBorrower: true } });
    expect(signed.data).not.toHaveProperty('sessionId');
    const [cookie] = signed.setCookie;
    expect(cookie).toMatch(new RegExp(`^${BORROWER_WEB_COOKIE}=${signed.data.userId}\\.[A-Za-z0-9_-]{20,}; Path=/; HttpOnly; SameSite=Strict; Max-Age=\\d+$`));
    // The cookie lives as long as the session: its end, not a day more.
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie ?? '')?.[1]);
    expect(Math.abs(clock.now().getTime() + maxAge * 1000 - Date.parse(signed.data.expiresAt))).toBeLessThan(2_000);

    // With the cookie alone, the borrower's calls are the borrower's: their sessions, this one marked.
    const sessions = await browserCall<{ items: { deviceId: string; current: boolean }[] }>(t.app, AccountPath.sessions, { cookie: sentBack(cookie ?? '') });
    expect(sessions).toMatchObject({ status: 200, code: 0 });
    expect(sessions.data.items).toEqual([expect.objectContaining({ deviceId: BROWSER_DEVICE, current: true })]);
  });

  it("serves an Indian borrower's calls on the cookie alone, and refuses no session, a broken cookie or another borrower's id", async () => {
    const signed = await webSignIn(IN.phone, 'IN', IN.e164);
    expect(signed.code).toBe(0);
    const cookie = sentBack(signed.setCookie[0] ?? '');
    const orders = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${AccountPath.orders}`, headers: { cookie }, remoteAddress: '198.51.100.9' });
    expect(orders.statusCode).toBe(200);

    expect(await browserCall(t.app, AccountPath.sessions)).toMatchObject({ code: ErrorCode.SessionRequired });
    expect(await browserCall(t.app, AccountPath.sessions, { cookie: `${BORROWER_WEB_COOKIE}=garbage` })).toMatchObject({ code: ErrorCode.SessionRequired });
    // Another borrower's id in front of the session is not that borrower.
    const [, sessionId] = cookie.split('.');
    expect(await browserCall(t.app, AccountPath.sessions, { cookie: `${BORROWER_WEB_COOKIE}=999999.${sessionId ?? ''}` })).toMatchObject({ code: ErrorCode.SessionUserMismatch });
  });

  it("refuses a call another site's page makes with the cookie, and a session named in the query still wins", async () => {
    const signed = await webSignIn(MX.phone, 'MX', MX.e164);
    const cookie = sentBack(signed.setCookie[0] ?? '');
    expect(await browserCall(t.app, AccountPath.sessions, { cookie, origin: 'https://elsewhere.example' })).toMatchObject({ status: 403, code: ErrorCode.ForeignOrigin });
    expect(await browserCall(t.app, AccountPath.sessions, { cookie, origin: 'https://lend.example' })).toMatchObject({ status: 200, code: 0 });
    // The native app's web view names its own session; a cookie beside it does not stand in for a wrong one.
    const response = await t.app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${AccountPath.sessions}?language=2&userId=${signed.data.userId}&sessionId=not-a-session`,
      headers: { cookie },
      remoteAddress: '198.51.100.9',
    });
    expect(response.json<Envelope>().code).toBe(ErrorCode.SessionUnknown);
  });

  it('signs out: the session ends and the cookie is removed; wrong codes lock as on the app', async () => {
    const signed = await webSignIn(MX.phone, 'MX', MX.e164);
    const cookie = sentBack(signed.setCookie[0] ?? '');
    const out = await browserCall<{ signedOut: number }>(t.app, AccountPath.signOut, { cookie });
    expect(out).toMatchObject({ status: 200, code: 0, data: { signedOut: 1 } });
    expect(out.setCookie).toEqual([`${BORROWER_WEB_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`]);
    expect(await browserCall(t.app, AccountPath.sessions, { cookie })).toMatchObject({ code: ErrorCode.SessionUnknown });

    clock.advance(OneTimeCodeLimits.resendMs + 1_000);
    expect((await sendCode(t.app, MX.phone, 'MX', BROWSER_DEVICE)).code).toBe(0);
    const tries = [];
    for (let i = 0; i < OneTimeCodeLimits.maxWrongTries; i += 1) {
      tries.push(await browserCall(t.app, AccountPath.webSignIn, { body: { phone: MX.phone, market: 'MX', code: '000000', deviceId: BROWSER_DEVICE } }));
    }
    expect(tries.at(-1)).toMatchObject({ code: ErrorCode.AccountCodeLocked, setCookie: [] });
    const right = await browserCall(t.app, AccountPath.webSignIn, { body: { phone: MX.phone, market: 'MX', code: await latestCode(t, MX.e164), deviceId: BROWSER_DEVICE } });
    expect(right).toMatchObject({ code: ErrorCode.AccountCodeLocked, setCookie: [] });
  });
});
