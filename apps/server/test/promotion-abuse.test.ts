import { PromotionCode, PromotionLimits } from '@lend/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { borrowers, promoRegistrations, smsOutbox } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { createTemplate, newVisitor, outbox, randomAddress, randomPhone, register, requestSms, solveCaptcha, type Visitor } from './promotion-helpers';

let apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});

async function start(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

let shared: Promise<TestApp> | undefined;
/** One app for the tests that keep apart by address and phone: starting one is slow. */
const sharedApp = () => (shared ??= start());

async function sentTo(t: TestApp, phones: string[]): Promise<Set<string>> {
  // The landing texts these Mexican numbers in E.164 (docs/decisions/232).
  const rows = await t.database.db
    .select({ phone: smsOutbox.phone })
    .from(smsOutbox)
    .where(inArray(smsOutbox.phone, phones.map((phone) => `+52${phone}`)));
  return new Set(rows.map((row) => row.phone.slice('+52'.length)));
}

describe('promotion abuse', () => {
  it('a flood of 1,000 SMS requests from one address to 1,000 numbers sends at most the per-address cap, none without a solved captcha', async () => {
    const t = await sharedApp();
    const templateId = (await createTemplate(t.app)).id;
    const attacker = randomAddress();
    // Captchas solved elsewhere (a captcha farm) for every 4th request among the first 60;
    // the rest carry a wrong, empty or reused answer.
    const solved = new Map<number, { visitor: Visitor; answer: string }>();
    for (let i = 0; i < 60; i += 4) {
      const visitor = await newVisitor(t.app, templateId);
      solved.set(i, { visitor, answer: await solveCaptcha(t.app, visitor) });
    }
    const reused = solved.get(0);
    const started = Date.now();
    const phones = Array.from({ length: 1_000 }, () => randomPhone());
    // One after another, as a script would: @fastify/rate-limit's in-process store misreads its
    // count when many requests share one tick, which would hide our own counters from the test.
    const replies = [];
    for (const [i, phone] of phones.entries()) {
      const bought = solved.get(i);
      if (bought) replies.push(await requestSms(t.app, { sid: bought.visitor.sid, address: attacker }, phone, bought.answer));
      else {
        const sid = i % 3 === 0 && reused ? reused.visitor.sid : `made-up-${i}`;
        replies.push(await requestSms(t.app, { sid, address: attacker }, phone, i % 2 === 0 ? '' : 'abcd'));
      }
    }
    expect(Date.now() - started).toBeLessThan(60_000);

    const received = await sentTo(t, phones);
    expect(received.size).toBe(PromotionLimits.smsPerAddressPerHour);
    phones.forEach((phone, i) => {
      if (received.has(phone)) expect(solved.has(i)).toBe(true);
    });
    const codes = new Set(replies.map((reply) => reply.code));
    expect([...codes].every((code) => ['0', '101', '107', '109', '1029'].includes(code))).toBe(true);
    expect(replies.filter((reply) => reply.code === '0')).toHaveLength(PromotionLimits.smsPerAddressPerHour);
  });

  it('sends at most 10 codes an hour from one address, while other addresses still get theirs', async () => {
    const t = await sharedApp();
    const templateId = (await createTemplate(t.app)).id;
    const address = randomAddress();
    const codes: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const visitor = await newVisitor(t.app, templateId, address);
      codes.push((await requestSms(t.app, visitor, randomPhone(), await solveCaptcha(t.app, visitor))).code);
    }
    expect(codes.filter((code) => code === '0')).toHaveLength(10);
    expect(codes.slice(10)).toEqual([PromotionCode.AddressHourlyLimit, PromotionCode.AddressHourlyLimit]);
    const elsewhere = await newVisitor(t.app, templateId);
    expect((await requestSms(t.app, elsewhere, randomPhone(), await solveCaptcha(t.app, elsewhere))).code).toBe('0');
  });

  it('concurrent registrations of one phone make one borrower', async () => {
    const t = await sharedApp();
    const templateId = (await createTemplate(t.app)).id;
    const phone = randomPhone();
    const first = await newVisitor(t.app, templateId);
    const firstCaptcha = await solveCaptcha(t.app, first);
    await requestSms(t.app, first, phone, firstCaptcha);
    const [message] = await outbox(t.app, phone);
    const smsCode = message?.code ?? '';
    // The same visitor sending twice, and other visitors (fresh captchas) racing with the same code.
    const others = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const visitor = await newVisitor(t.app, templateId);
        return { visitor, capcode: await solveCaptcha(t.app, visitor) };
      }),
    );
    const attempts = [{ visitor: first, capcode: firstCaptcha }, { visitor: first, capcode: firstCaptcha }, ...others];
    const replies = await Promise.all(attempts.map(({ visitor, capcode }) => register(t.app, visitor, { phone, capcode, smsCode })));
    expect(replies.filter((reply) => reply.code === '0')).toHaveLength(1);
    for (const reply of replies) expect(['0', '11', '-1', '104']).toContain(reply.code);
    expect(await t.database.db.select().from(borrowers).where(eq(borrowers.phone, `+52${phone}`))).toHaveLength(1);
    const [registrations] = await t.database.db.select({ n: count() }).from(promoRegistrations);
    expect(Number(registrations?.n)).toBe(1);
  });

  it('with Redis the limits hold across server processes', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const [a, b] = [await start(env), await start(env)];
    const phone = randomPhone();
    const address = randomAddress();
    const onA = await newVisitor(a.app, (await createTemplate(a.app)).id, address);
    expect((await requestSms(a.app, onA, phone, await solveCaptcha(a.app, onA))).code).toBe('0');
    const onB = await newVisitor(b.app, (await createTemplate(b.app)).id, address);
    const resend = await requestSms(b.app, onB, phone, await solveCaptcha(b.app, onB));
    expect(resend.code).toBe(PromotionCode.ResendTooSoon);
    expect((await sentTo(b, [phone])).size).toBe(0);
  });
});
