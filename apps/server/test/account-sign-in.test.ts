import { ErrorCode, errorMessage, OneTimeCodeLimits } from '@lend/contracts';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { borrowers } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { latestCode, sendCode, sentTo, signInCall, steppingClock } from './account-helpers';

const MX = { phone: '55 1234 5678', e164: '+525512345678' };
const IN = { phone: '98765 43210', e164: '+919876543210' };

let t: TestApp;
let clock: ReturnType<typeof steppingClock>;

beforeEach(async () => {
  clock = steppingClock();
  t = await createTestApp({ now: clock.now });
});
afterEach(async () => {
  await t.close();
});

describe('sign-in by SMS code', () => {
  it('creates the borrower for a new phone and signs a known one in, texting in the market’s language', async () => {
    const sent = await sendCode(t.app, MX.phone, 'MX');
    expect(sent).toMatchObject({ code: 0, data: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    const [message] = await sentTo(t, MX.e164);
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.text).toContain('Su código para iniciar sesión');
    const first = await signInCall(t.app, MX.phone, 'MX', message?.code ?? '');
    expect(first).toMatchObject({ code: 0, data: { newBorrower: true } });
    expect(first.data.sessionId.length).toBeGreaterThan(30);

    clock.advance(OneTimeCodeLimits.resendMs + 1_000);
    expect((await sendCode(t.app, '+52 55 1234 5678', 'MX')).code).toBe(0);
    const again = await signInCall(t.app, '5512345678', 'MX', await latestCode(t, MX.e164));
    expect(again).toMatchObject({ code: 0, data: { newBorrower: false, userId: first.data.userId } });
    expect(again.data.sessionId).not.toBe(first.data.sessionId);

    const rows = await t.database.db.select().from(borrowers).where(eq(borrowers.phone, MX.e164));
    expect(rows).toEqual([expect.objectContaining({ id: Number(first.data.userId), market: 'MX' })]);
  });

  it('makes the same ten digits in Mexico and in India two borrowers, the Indian one texted in English', async () => {
    expect((await sendCode(t.app, IN.phone, 'MX')).code).toBe(0);
    const mexican = await signInCall(t.app, IN.phone, 'MX', await latestCode(t, '+529876543210'));
    expect((await sendCode(t.app, IN.phone, 'IN')).code).toBe(0);
    const [indianSms] = await sentTo(t, IN.e164);
    expect(indianSms?.text).toContain('Your Lend sign-in code');
    const indian = await signInCall(t.app, IN.phone, 'IN', indianSms?.code ?? '');
    expect(mexican.data.newBorrower && indian.data.newBorrower).toBe(true);
    expect(mexican.data.userId).not.toBe(indian.data.userId);
    const rows = await t.database.db.select({ phone: borrowers.phone, market: borrowers.market }).from(borrowers);
    expect(rows).toEqual(expect.arrayContaining([{ phone: '+529876543210', market: 'MX' }, { phone: IN.e164, market: 'IN' }]));
  });

  it('refuses a phone that is not one of the market’s, in the borrower’s language, and sends nothing', async () => {
    const spanish = await sendCode(t.app, '55123', 'MX');
    expect(spanish).toMatchObject({ code: ErrorCode.AccountPhoneInvalid, message: errorMessage(ErrorCode.AccountPhoneInvalid, 'es'), status: 400 });
    // Indian mobiles start with 6 to 9; a number with Mexico's country code is not moved to India.
    const english = await sendCode(t.app, '5512345678', 'IN', 'device-a', { language: '1' });
    expect(english).toMatchObject({ code: ErrorCode.AccountPhoneInvalid, message: errorMessage(ErrorCode.AccountPhoneInvalid, 'en') });
    expect((await sendCode(t.app, '+52 98765 43210', 'IN')).code).toBe(ErrorCode.AccountPhoneInvalid);
    expect((await sendCode(t.app, MX.phone, 'XX' as 'MX')).code).toBe(ErrorCode.InvalidRequest);
    expect(await sentTo(t, MX.e164)).toHaveLength(0);
  });

  it('refuses wrong, reused, expired and never-sent codes, and codes asked for on another device', async () => {
    expect((await signInCall(t.app, MX.phone, 'MX', '123456')).code).toBe(ErrorCode.AccountCodeExpired);
    await sendCode(t.app, MX.phone, 'MX');
    const code = await latestCode(t, MX.e164);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await signInCall(t.app, MX.phone, 'MX', wrong);
    expect(refused).toMatchObject({ code: ErrorCode.AccountCodeWrong, message: errorMessage(ErrorCode.AccountCodeWrong, 'es'), status: 400 });
    // Another device has no code of its own to try (docs/decisions/109).
    expect((await signInCall(t.app, MX.phone, 'MX', code, 'device-b')).code).toBe(ErrorCode.AccountCodeExpired);
    expect((await signInCall(t.app, MX.phone, 'MX', code)).code).toBe(0);
    const reused = await signInCall(t.app, MX.phone, 'MX', code, 'device-a', { language: '1' });
    expect(reused).toMatchObject({ code: ErrorCode.AccountCodeExpired, message: errorMessage(ErrorCode.AccountCodeExpired, 'en') });

    clock.advance(OneTimeCodeLimits.resendMs + 1_000);
    await sendCode(t.app, MX.phone, 'MX');
    const late = await latestCode(t, MX.e164);
    clock.advance(OneTimeCodeLimits.ttlMs);
    expect((await signInCall(t.app, MX.phone, 'MX', late)).code).toBe(ErrorCode.AccountCodeExpired);
  });

  it('voids a code after five wrong tries, even for the right code, and a new code voids the old one', async () => {
    await sendCode(t.app, MX.phone, 'MX');
    const code = await latestCode(t, MX.e164);
    const wrong = code === '999999' ? '999998' : '999999';
    const answers = [];
    for (let i = 0; i < OneTimeCodeLimits.maxWrongTries; i += 1) answers.push((await signInCall(t.app, MX.phone, 'MX', wrong)).code);
    expect(answers).toEqual([...Array<number>(4).fill(ErrorCode.AccountCodeWrong), ErrorCode.AccountCodeLocked]);
    expect((await signInCall(t.app, MX.phone, 'MX', code)).code).toBe(ErrorCode.AccountCodeLocked);

    clock.advance(OneTimeCodeLimits.resendMs + 1_000);
    await sendCode(t.app, MX.phone, 'MX');
    const fresh = await latestCode(t, MX.e164);
    clock.advance(OneTimeCodeLimits.resendMs + 1_000);
    await sendCode(t.app, MX.phone, 'MX');
    if (fresh !== (await latestCode(t, MX.e164))) expect((await signInCall(t.app, MX.phone, 'MX', fresh)).code).toBe(ErrorCode.AccountCodeWrong);
    expect((await signInCall(t.app, MX.phone, 'MX', await latestCode(t, MX.e164))).code).toBe(0);
  });
});

describe('sign-in SMS limits', () => {
  it('sends no second code within 60 s', async () => {
    expect((await sendCode(t.app, MX.phone, 'MX')).code).toBe(0);
    clock.advance(OneTimeCodeLimits.resendMs - 1_000);
    const soon = await sendCode(t.app, MX.phone, 'MX');
    expect(soon).toMatchObject({ code: ErrorCode.AccountResendTooSoon, message: errorMessage(ErrorCode.AccountResendTooSoon, 'es'), status: 429 });
    expect(await sentTo(t, MX.e164)).toHaveLength(1);
    clock.advance(2_000);
    expect((await sendCode(t.app, MX.phone, 'MX')).code).toBe(0);
  });

  it('sends at most 5 codes to one phone in an hour, from any address', async () => {
    for (let i = 0; i < OneTimeCodeLimits.perPhonePerHour; i += 1) {
      expect((await sendCode(t.app, MX.phone, 'MX', 'device-a', { ip: `203.0.113.${i + 1}` })).code).toBe(0);
      clock.advance(OneTimeCodeLimits.resendMs + 1_000);
    }
    const capped = await sendCode(t.app, MX.phone, 'MX', 'device-a', { ip: '203.0.113.99', language: '1' });
    expect(capped).toMatchObject({ code: ErrorCode.AccountPhoneHourlyLimit, message: errorMessage(ErrorCode.AccountPhoneHourlyLimit, 'en'), status: 429 });
    expect(await sentTo(t, MX.e164)).toHaveLength(OneTimeCodeLimits.perPhonePerHour);
    clock.advance(60 * 60_000);
    expect((await sendCode(t.app, MX.phone, 'MX')).code).toBe(0);
  });

  it('sends at most 10 codes an hour for one address, whatever the phones', async () => {
    for (let i = 0; i < OneTimeCodeLimits.perAddressPerHour; i += 1) {
      expect((await sendCode(t.app, `55000000${String(i).padStart(2, '0')}`, 'MX', 'device-a', { ip: '192.0.2.5' })).code).toBe(0);
    }
    const capped = await sendCode(t.app, '5500000099', 'MX', 'device-a', { ip: '192.0.2.5' });
    expect(capped).toMatchObject({ code: ErrorCode.AccountAddressHourlyLimit, status: 429 });
    expect(await sentTo(t, '+525500000099')).toHaveLength(0);
    expect((await sendCode(t.app, '5500000099', 'MX', 'device-a', { ip: '192.0.2.6' })).code).toBe(0);
  });

  it('takes at most 30 sign-in tries in ten minutes from one address, whatever the phones', async () => {
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await signInCall(t.app, `55100000${String(i).padStart(2, '0')}`, 'MX', '123456', 'device-a', { ip: '192.0.2.77' })).code);
    expect(answers.slice(0, 30)).toEqual(Array<number>(30).fill(ErrorCode.AccountCodeExpired));
    expect(answers[30]).toBe(ErrorCode.TooManyRequests);
    expect((await signInCall(t.app, '5510000099', 'MX', '123456', 'device-a', { ip: '192.0.2.78' })).code).toBe(ErrorCode.AccountCodeExpired);
  });
});

describe('sign-in SMS limits with Redis', () => {
  it('are counted in Redis, so a second server process refuses a resend the first one allowed', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const [a, b] = [await createTestApp({ env }), await createTestApp({ env })];
    try {
      const phone = `55${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      const address = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
      expect((await sendCode(a.app, phone, 'MX', 'device-a', { ip: address })).code).toBe(0);
      expect((await sendCode(b.app, phone, 'MX', 'device-a', { ip: address })).code).toBe(ErrorCode.AccountResendTooSoon);
      expect(await sentTo(b, `+52${phone}`)).toHaveLength(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
