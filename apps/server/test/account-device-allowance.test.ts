import { ErrorCode, OneTimeCodeLimits } from '@lend/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';
import { latestCode, sendCode, sentTo, signInCall, signInWithSms, steppingClock } from './account-helpers';

const MX = { phone: '55 2233 4455', e164: '+525522334455' };
const STRANGER_IP = (i: number) => `203.0.113.${i + 10}`;

let t: TestApp;
let clock: ReturnType<typeof steppingClock>;

beforeEach(async () => {
  clock = steppingClock();
  t = await createTestApp({ now: clock.now });
  // The owner has signed in on their phone before (docs/decisions/109).
  await signInWithSms(t, MX.phone, 'MX', MX.e164, 'owner-phone');
  clock.advance(60 * 60_000);
});
afterEach(async () => {
  await t.close();
});

describe('strangers cannot lock the owner out of signing in', () => {
  it('leaves a device that signed in before its own allowance when strangers used up theirs', async () => {
    for (let i = 0; i < OneTimeCodeLimits.perPhonePerHour; i += 1) {
      expect((await sendCode(t.app, MX.phone, 'MX', `stranger-${i}`, { ip: STRANGER_IP(i) })).code).toBe(0);
      clock.advance(OneTimeCodeLimits.resendMs + 1_000);
    }
    // Unknown devices together stay under the phone's cap, however many there are.
    expect((await sendCode(t.app, MX.phone, 'MX', 'stranger-new', { ip: STRANGER_IP(50) })).code).toBe(ErrorCode.AccountPhoneHourlyLimit);
    expect(await sentTo(t, MX.e164)).toHaveLength(1 + OneTimeCodeLimits.perPhonePerHour);

    // A stranger's fresh send does not hold the owner's resend either.
    expect((await sendCode(t.app, MX.phone, 'MX', 'owner-phone')).code).toBe(0);
    expect((await signInCall(t.app, MX.phone, 'MX', await latestCode(t, MX.e164), 'owner-phone')).code).toBe(0);
  });

  it('keeps the stranger’s resend wait from holding the owner back', async () => {
    expect((await sendCode(t.app, MX.phone, 'MX', 'stranger', { ip: STRANGER_IP(1) })).code).toBe(0);
    expect((await sendCode(t.app, MX.phone, 'MX', 'owner-phone')).code).toBe(0);
  });

  it('never voids the owner’s code for another device’s wrong tries or new code', async () => {
    expect((await sendCode(t.app, MX.phone, 'MX', 'owner-phone')).code).toBe(0);
    const code = await latestCode(t, MX.e164);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < OneTimeCodeLimits.maxWrongTries + 1; i += 1) {
      const answer = await signInCall(t.app, MX.phone, 'MX', i === 0 ? code : wrong, 'stranger', { ip: STRANGER_IP(2) });
      expect(answer.code).not.toBe(0);
    }
    // A stranger asking for a code of their own does not void the owner's either.
    expect((await sendCode(t.app, MX.phone, 'MX', 'stranger', { ip: STRANGER_IP(3) })).code).toBe(0);
    expect((await signInCall(t.app, MX.phone, 'MX', code, 'owner-phone')).code).toBe(0);
  });

  it('still caps the owner’s device at 5 codes an hour', async () => {
    for (let i = 0; i < OneTimeCodeLimits.perPhonePerHour; i += 1) {
      expect((await sendCode(t.app, MX.phone, 'MX', 'owner-phone')).code).toBe(0);
      clock.advance(OneTimeCodeLimits.resendMs + 1_000);
    }
    expect((await sendCode(t.app, MX.phone, 'MX', 'owner-phone')).code).toBe(ErrorCode.AccountPhoneHourlyLimit);
  });
});
