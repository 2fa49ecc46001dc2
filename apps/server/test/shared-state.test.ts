import { randomInt } from 'node:crypto';
import { AccountPath, ErrorCode, Limits, OPERATOR_BASE, PROMOTION_BASE, PromotionCode, PromotionPath, SITE_API_BASE, SitePath, StaffLimits, StaffPath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCode, sentTo, signInCall } from './account-helpers';
import { createTestApp, openSession, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { createTemplate, newVisitor, outbox, randomAddress, randomPhone, requestSms, solveCaptcha } from './promotion-helpers';
import { createAdminByCli } from './staff-helpers';

/** Several server processes share PostgreSQL and Redis; what one counts or records, the other enforces (docs/decisions/194). */

const REDIS_UP = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A closed port: every Redis command fails at once, as in an outage. */
const REDIS_DOWN = 'redis://127.0.0.1:1';

const contactUrl = `${SITE_API_BASE}${SitePath.contactMessages}`;
const contact = { fullName: 'María Pérez', email: 'maria@example.com', phone: '+52 55 1234 5678', message: 'I would like to know more.' };

function staffPasswordStep(t: TestApp, email: string, password: string, remoteAddress = '198.51.100.20') {
  return t.app.inject({ method: 'POST', url: `${OPERATOR_BASE}${StaffPath.signIn}`, payload: { email, password }, remoteAddress });
}

const mexicanPhone = () => `55${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

describe('two server processes on one database and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: REDIS_UP } });
    b = await createTestApp({ env: { REDIS_URL: REDIS_UP }, sharing: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("enforce the staff sign-in's per-address limit reached through the other", async () => {
    // The code step: counted before anything is read, and without the password step's slow hash.
    const codeStep = (t: TestApp, remoteAddress: string) => t.app.inject({ method: 'POST', url: `${OPERATOR_BASE}${StaffPath.signInTotp}`, payload: { code: '000000' }, remoteAddress });
    const address = randomAddress();
    for (let i = 0; i < StaffLimits.signInPerAddressPerTenMinutes; i += 1) expect((await codeStep(a, address)).statusCode).not.toBe(429);
    const over = await codeStep(b, address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: ErrorCode.TooManyRequests });
  });

  it("enforce a staff account's lock-out recorded through the other", async () => {
    const admin = await createAdminByCli(a, `locked${randomInt(0, 1_000_000)}@lender.example`);
    for (let i = 0; i < StaffLimits.failedAttemptsBeforeLock; i += 1) await staffPasswordStep(i % 2 === 0 ? a : b, admin.email, 'wrong password', randomAddress());
    // The right password now: the lock was written by both processes into the one database.
    const refused = await staffPasswordStep(b, admin.email, admin.temporaryPassword, randomAddress());
    expect(refused.json()).toMatchObject({ code: ErrorCode.StaffSignInRefused });
  });

  it("refuse an SMS the other's counts no longer allow", async () => {
    const phone = mexicanPhone();
    expect((await sendCode(a.app, phone, 'MX', 'device-a', { ip: randomAddress() })).code).toBe(0);
    expect((await sendCode(b.app, phone, 'MX', 'device-a', { ip: randomAddress() })).code).toBe(ErrorCode.AccountResendTooSoon);
    expect(await sentTo(b, `+52${phone}`)).toHaveLength(1);
  });

  it("count the contact form's hourly limit together", async () => {
    const address = randomAddress();
    for (let i = 0; i < Limits.contactPerIpPerHour; i += 1) {
      const sent = await (i % 2 === 0 ? a : b).app.inject({ method: 'POST', url: `${contactUrl}?language=1`, payload: contact, remoteAddress: address });
      expect(sent.statusCode).toBe(200);
    }
    const over = await a.app.inject({ method: 'POST', url: `${contactUrl}?language=1`, payload: contact, remoteAddress: address });
    expect(over.statusCode).toBe(429);
  });
});

describe('a server process that cannot reach Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: REDIS_DOWN } });
  });
  afterAll(() => t.close());

  it('sends no SMS: sign-in codes and promotion codes are refused for now', async () => {
    const phone = mexicanPhone();
    const signInCode = await sendCode(t.app, phone, 'MX', 'device-a', { ip: randomAddress(), language: '1' });
    expect(signInCode).toMatchObject({ status: 503, code: ErrorCode.ServiceUnavailable });
    expect(await sentTo(t, `+52${phone}`)).toHaveLength(0);

    const templateId = (await createTemplate(t.app)).id;
    const visitor = await newVisitor(t.app, templateId);
    const promotionPhone = randomPhone();
    expect((await requestSms(t.app, visitor, promotionPhone, await solveCaptcha(t.app, visitor))).code).toBe(PromotionCode.SmsUnavailable);
    expect(await outbox(t.app, promotionPhone)).toHaveLength(0);
    expect(t.logs()).toContain('redis unavailable');
  });

  it('refuses sign-in tries it cannot count, the staff and the borrowers', async () => {
    expect((await staffPasswordStep(t, 'nobody@lender.example', 'wrong password')).statusCode).toBe(503);
    expect(await signInCall(t.app, mexicanPhone(), 'MX', '123456')).toMatchObject({ status: 503, code: ErrorCode.ServiceUnavailable });
  });

  it('answers every other call, counting its limits in the process', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${PROMOTION_BASE}${PromotionPath.getSid}`, remoteAddress: randomAddress() })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `${contactUrl}?language=1`, payload: contact, remoteAddress: randomAddress() })).statusCode).toBe(200);
    const session = await openSession(t.app, `+52${mexicanPhone()}`);
    expect((await callBorrower(t.app, session, AccountPath.orders, {})).code).toBe(0);
  });
});
