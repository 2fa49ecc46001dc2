import { PROMOTION_BASE, PromotionCode, PromotionLimits, PromotionPath } from '@lend/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { createTemplate, newVisitor, randomAddress, randomPhone, requestSms, solveCaptcha } from './promotion-helpers';

/** A closed port: every Redis command fails at once, as in an outage. */
const REDIS_DOWN = 'redis://127.0.0.1:1';
const REDIS_UP = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});

async function start(env: NodeJS.ProcessEnv, now?: () => Date): Promise<TestApp> {
  const t = await createTestApp({ env, ...(now ? { now } : {}) });
  apps.push(t);
  return t;
}

async function getSidCodes(t: TestApp, address: string, calls: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const response = await t.app.inject({ method: 'GET', url: `${PROMOTION_BASE}${PromotionPath.getSid}`, remoteAddress: address });
    statuses.push(response.statusCode);
  }
  return statuses;
}

async function sentCount(t: TestApp, phones: string[]): Promise<number> {
  const rows = await t.database.db.select({ phone: smsOutbox.phone }).from(smsOutbox).where(inArray(smsOutbox.phone, phones));
  return rows.length;
}

describe('limits while Redis is down', () => {
  it('still answer 429 on the 31st get-sid call of a minute', async () => {
    const t = await start({ REDIS_URL: REDIS_DOWN });
    const statuses = await getSidCodes(t, randomAddress(), 31);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(t.logs()).toContain('redis unavailable');
  });

  it('send no SMS beyond the per-address and per-phone caps', async () => {
    let clock = new Date();
    const t = await start({ REDIS_URL: REDIS_DOWN }, () => clock);
    const templateId = (await createTemplate(t.app)).id;

    const address = randomAddress();
    const phones = Array.from({ length: PromotionLimits.smsPerAddressPerHour + 2 }, () => randomPhone());
    const codes: string[] = [];
    for (const phone of phones) {
      const visitor = await newVisitor(t.app, templateId, address);
      codes.push((await requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor))).code);
    }
    expect(codes.slice(-2)).toEqual([PromotionCode.AddressHourlyLimit, PromotionCode.AddressHourlyLimit]);
    expect(await sentCount(t, phones)).toBe(PromotionLimits.smsPerAddressPerHour);

    // One phone, a new address and a new captcha each time, past the resend hold.
    const phone = randomPhone();
    const perPhone: string[] = [];
    for (let i = 0; i <= PromotionLimits.smsPerPhonePerHour; i += 1) {
      clock = new Date(clock.getTime() + PromotionLimits.smsResendMs + 1_000);
      const visitor = await newVisitor(t.app, templateId);
      perPhone.push((await requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor))).code);
    }
    expect(perPhone.at(-1)).toBe(PromotionCode.PhoneHourlyLimit);
    expect(await sentCount(t, [phone])).toBe(PromotionLimits.smsPerPhonePerHour);
  });
});

describe('limits with Redis up', () => {
  it('count the requests of two server processes together', async () => {
    const [a, b] = [await start({ REDIS_URL: REDIS_UP }), await start({ REDIS_URL: REDIS_UP })];
    const address = randomAddress();
    expect(await getSidCodes(a, address, 15)).toEqual(Array<number>(15).fill(200));
    expect(await getSidCodes(b, address, 15)).toEqual(Array<number>(15).fill(200));
    expect(await getSidCodes(a, address, 1)).toEqual([429]);
    expect(await getSidCodes(b, address, 1)).toEqual([429]);
  });
});
