import { BORROWER_WEB_COOKIE, HomePath, MACHINE_BASE, PROMOTION_BASE, PromotionCode, PromotionLimits, PromotionPath, promotionMessage } from '@lend/contracts';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../src/counters/memory-counter-store';
import { borrowers, promoRegistrations, promoSmsCodes, promoVisitors, smsOutbox } from '../src/db/schema';
import {
  CaptchaAnswerLog,
  hashSid,
  issueCaptcha,
  newVisitor as startVisitor,
  type PromotionDeps,
  removeExpiredVisitors,
  requestSmsCode,
  signUpCounts,
} from '../src/modules/promotion';
import { activeTemplatesOf, eventCountsOf, PromotionError } from '../src/modules/promotion-campaigns';
import { SmsDeliveryError } from '../src/providers/sms/sms-provider';
import { createTestApp, openSession, type TestApp } from './helper';
import { createTemplate, newVisitor, outbox, randomPhone, register, requestSms, solveCaptcha } from './promotion-helpers';
import { withoutLoggerNumbers } from './log-leaks';

describe('promotion flow', () => {
  let t: TestApp;
  let clock = new Date('2026-11-20T10:00:00Z');
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  let templateId: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    templateId = (await createTemplate(t.app)).id;
  });
  afterAll(async () => t?.close());

  it('sends one code for a solved captcha and registers the phone once, with its attribution', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const phone = randomPhone();
    const capcode = await solveCaptcha(t.app, visitor);
    const sent = await requestSms(t.app, visitor, phone, capcode);
    expect(sent).toEqual({ status: 200, code: '0', message: 'Success' });
    const [message] = await outbox(t.app, phone);
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.text).toContain(message?.code);

    const registered = await register(t.app, visitor, { phone, capcode, smsCode: message?.code ?? '', id: templateId });
    expect(registered.code).toBe('0');
    const [borrower] = await t.database.db.select().from(borrowers).where(eq(borrowers.phone, `+52${phone}`));
    expect(borrower).toBeDefined();
    const [attribution] = await t.database.db.select().from(promoRegistrations).where(eq(promoRegistrations.borrowerId, borrower?.id ?? -1));
    expect(attribution).toMatchObject({ templateId, userFrom: 'fb', appFrom: 'landing', utmTag: 'spring', inviteCode: 'FRIEND1' });
    // The code proved the phone: the new borrower is signed in on the web, their session in an HttpOnly cookie (docs/decisions/239).
    expect(registered.setCookie).toEqual([expect.stringMatching(new RegExp(`^${BORROWER_WEB_COOKIE}=${borrower?.id ?? 0}\\.[A-Za-z0-9_-]{20,}; Path=/; HttpOnly; SameSite=Strict; Max-Age=\\d+$`))]);
    const home = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${HomePath.home}`, headers: { cookie: (registered.setCookie[0] ?? '').split(';')[0] ?? '' } });
    expect(home.json<{ code: number; data: { market: string } }>()).toMatchObject({ code: 0, data: { market: 'MX' } });

    // The spent code registers nothing more; a new code tells its holder the phone is registered.
    const again = await newVisitor(t.app, templateId);
    const second = await register(t.app, again, { phone, capcode: await solveCaptcha(t.app, again), smsCode: message?.code ?? '' });
    expect(second.code).toBe(PromotionCode.SmsCodeExpired);
    advance(PromotionLimits.smsResendMs);
    const capcode2 = await solveCaptcha(t.app, again);
    expect((await requestSms(t.app, again, phone, capcode2)).code).toBe('0');
    const [newer] = await outbox(t.app, phone);
    const third = await register(t.app, again, { phone, capcode: capcode2, smsCode: newer?.code ?? '' });
    expect(third).toMatchObject({ code: PromotionCode.AlreadyRegistered, message: promotionMessage('11', 'en'), setCookie: [] });
    expect(await outbox(t.app, phone)).toHaveLength(2);
    expect(await t.database.db.select().from(borrowers).where(eq(borrowers.phone, `+52${phone}`))).toHaveLength(1);
  });

  it('makes one borrower of one person, however the number is written', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const capcode = await solveCaptcha(t.app, visitor);
    expect((await requestSms(t.app, visitor, '5587651234', capcode)).code).toBe('0');
    const [message] = await outbox(t.app, '5587651234');
    expect((await register(t.app, visitor, { phone: '5587651234', capcode, smsCode: message?.code ?? '' })).code).toBe('0');

    const session = await openSession(t.app, '+52 55 8765 1234');
    const rows = await t.database.db.select().from(borrowers).where(like(borrowers.phone, '%5587651234'));
    expect(rows).toEqual([expect.objectContaining({ id: Number(session.userId), phone: '+525587651234', market: 'MX' })]);
    // The operator's outbox look-up takes the same forms.
    expect(await outbox(t.app, encodeURIComponent('+52 55 8765 1234'))).toHaveLength(1);
  });

  it('stores only hashes of the sid and the captcha answer', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const answer = await solveCaptcha(t.app, visitor);
    const rows = await t.database.db.select().from(promoVisitors);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(visitor.sid);
    expect(stored.toLowerCase()).not.toContain(`"${answer.toLowerCase()}"`);
  });

  it('refuses a wrong, empty, reused or expired captcha with 101 and sends nothing', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const phone = randomPhone();
    await solveCaptcha(t.app, visitor);
    expect((await requestSms(t.app, visitor, phone, 'zzzz', '2')).code).toBe('101');
    expect((await requestSms(t.app, visitor, phone, '')).code).toBe('101');
    // A wrong answer spends the captcha: its right answer no longer works either.
    const answer = await solveCaptcha(t.app, visitor);
    await requestSms(t.app, visitor, phone, 'zzzz');
    expect((await requestSms(t.app, visitor, phone, answer)).code).toBe('101');
    // Older than 2 minutes.
    const late = await solveCaptcha(t.app, visitor);
    advance(PromotionLimits.captchaTtlMs);
    expect((await requestSms(t.app, visitor, phone, late)).code).toBe('101');
    // Used once already: a second SMS needs a new captcha.
    const used = await solveCaptcha(t.app, visitor);
    expect((await requestSms(t.app, visitor, phone, used)).code).toBe('0');
    advance(PromotionLimits.smsResendMs);
    expect((await requestSms(t.app, visitor, phone, used)).code).toBe('101');
    expect(await outbox(t.app, phone)).toHaveLength(1);
    // The Spanish message for the same refusal.
    const spanish = await requestSms(t.app, visitor, phone, 'zzzz', '2');
    expect(spanish.message).toBe(promotionMessage('101', 'es'));
  });

  it('accepts the captcha in any letter case, bound to its own sid only', async () => {
    const first = await newVisitor(t.app, templateId);
    const second = await newVisitor(t.app, templateId);
    const answer = await solveCaptcha(t.app, first);
    await solveCaptcha(t.app, second);
    expect((await requestSms(t.app, second, randomPhone(), answer)).code).toBe('101');
    const again = await solveCaptcha(t.app, first);
    expect((await requestSms(t.app, first, randomPhone(), again.toUpperCase())).code).toBe('0');
  });

  it('refuses phone numbers outside the market rule before spending the captcha', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const answer = await solveCaptcha(t.app, visitor);
    for (const phone of ['13812345678', '55123', '55-1234-567x', '']) {
      const reply = await requestSms(t.app, visitor, phone, answer, '2');
      expect(reply).toMatchObject({ status: 400, code: PromotionCode.InvalidPhone });
      expect(reply.message).toContain('10 dígitos');
    }
    expect((await requestSms(t.app, visitor, '55 1234 5678', answer)).code).toBe('0');
  });

  it('refuses a resend inside 60 s and counts the wait down', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const phone = randomPhone();
    expect((await requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor))).code).toBe('0');
    advance(20_000);
    const early = await requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor));
    expect(early).toMatchObject({ status: 429, code: PromotionCode.ResendTooSoon, message: promotionMessage('105', 'en', { seconds: 40 }) });
    advance(40_000);
    expect((await requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor))).code).toBe('0');
    expect(await outbox(t.app, phone)).toHaveLength(2);
  });

  it('sends at most 5 codes to one phone an hour, from any number of addresses', async () => {
    const phone = randomPhone();
    const codes: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const visitor = await newVisitor(t.app, templateId);
      codes.push((await requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor))).code);
      advance(PromotionLimits.smsResendMs);
    }
    expect(codes).toEqual(['0', '0', '0', '0', '0', '106', '106']);
    expect(await outbox(t.app, phone)).toHaveLength(5);
    advance(60 * 60_000);
    const visitor = await newVisitor(t.app, templateId);
    expect((await requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor))).code).toBe('0');
  });

  it('takes a wrong SMS code 5 times at most, then voids it; an expired code is refused', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const phone = randomPhone();
    const capcode = await solveCaptcha(t.app, visitor);
    await requestSms(t.app, visitor, phone, capcode);
    const [message] = await outbox(t.app, phone);
    const right = message?.code ?? '';
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await register(t.app, visitor, { phone, capcode, smsCode: '' })).code).toBe(PromotionCode.SmsCodeWrong);
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await register(t.app, visitor, { phone, capcode, smsCode: wrong })).code);
    expect(answers).toEqual(['103', '103', '103', '103', '110']);
    expect((await register(t.app, visitor, { phone, capcode, smsCode: right })).code).toBe('110');

    advance(PromotionLimits.smsResendMs);
    const fresh = await solveCaptcha(t.app, visitor);
    await requestSms(t.app, visitor, phone, fresh);
    const [latest] = await outbox(t.app, phone);
    advance(PromotionLimits.smsCodeTtlMs);
    expect((await register(t.app, visitor, { phone, capcode: fresh, smsCode: latest?.code ?? '' })).code).toBe(PromotionCode.SmsCodeExpired);
    expect(await t.database.db.select().from(borrowers).where(eq(borrowers.phone, `+52${phone}`))).toHaveLength(0);
  });

  it('voids an earlier code when a new one is sent', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const phone = randomPhone();
    await requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor));
    advance(PromotionLimits.smsResendMs);
    const capcode = await solveCaptcha(t.app, visitor);
    await requestSms(t.app, visitor, phone, capcode);
    const [latest, earlier] = await outbox(t.app, phone);
    if (earlier?.code !== latest?.code) {
      expect((await register(t.app, visitor, { phone, capcode, smsCode: earlier?.code ?? '' })).code).toBe(PromotionCode.SmsCodeWrong);
    }
    expect((await register(t.app, visitor, { phone, capcode, smsCode: latest?.code ?? '' })).code).toBe('0');
  });

  it('refuses registration with a wrong captcha (-1) and then takes a fresh one', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const phone = randomPhone();
    await requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor));
    const [message] = await outbox(t.app, phone);
    const wrong = await register(t.app, visitor, { phone, capcode: 'zzzz', smsCode: message?.code ?? '' });
    expect(wrong).toMatchObject({ code: '-1', message: promotionMessage('-1', 'en') });
    const fresh = await solveCaptcha(t.app, visitor);
    expect((await register(t.app, visitor, { phone, capcode: fresh, smsCode: message?.code ?? '' })).code).toBe('0');
  });

  it('does not let the captcha spent on one phone register another', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const phone = randomPhone();
    const capcode = await solveCaptcha(t.app, visitor);
    await requestSms(t.app, visitor, phone, capcode);
    expect((await register(t.app, visitor, { phone: randomPhone(), capcode, smsCode: '123456' })).code).toBe('-1');
  });

  it('answers an unknown sid with 109 and an unknown template with 108', async () => {
    const stranger = { sid: 'not-a-real-sid', address: '100.64.0.1' };
    expect((await requestSms(t.app, stranger, randomPhone(), 'abcd')).code).toBe(PromotionCode.SidExpired);
    const captcha = await t.app.inject(`${PROMOTION_BASE}${PromotionPath.captcha}?sid=nope&language=2`);
    expect(captcha.json()).toEqual({ code: '109', message: promotionMessage('109', 'es') });
    const template = await t.app.inject(`${PROMOTION_BASE}${PromotionPath.template}?templateId=999999`);
    expect(template.statusCode).toBe(404);
    expect(template.json()).toMatchObject({ code: '108' });
    const sid = await t.app.inject(`${PROMOTION_BASE}${PromotionPath.getSid}?templateId=999999`);
    expect(sid.json()).toMatchObject({ code: '108' });
  });

  it('answers an expired sid with 109 for a captcha; the clean-up removes visitors a day past expiry, and only those', async () => {
    const [expired, longGone, live] = [await newVisitor(t.app, templateId), await newVisitor(t.app, templateId), await newVisitor(t.app, templateId)];
    const now = clock.getTime();
    const expire = (visitor: typeof live, msAgo: number) =>
      t.database.db.update(promoVisitors).set({ expiresAt: new Date(now - msAgo) }).where(eq(promoVisitors.sidHash, hashSid(visitor.sid)));
    await expire(expired, 60_000);
    await expire(longGone, 25 * 60 * 60 * 1000);
    const captcha = await t.app.inject({ url: `${PROMOTION_BASE}${PromotionPath.captcha}?sid=${encodeURIComponent(expired.sid)}&language=1`, remoteAddress: expired.address });
    expect(captcha.json()).toEqual({ code: '109', message: promotionMessage('109', 'en') });
    expect(await removeExpiredVisitors(t.database.db, new Date(now))).toBeGreaterThanOrEqual(1);
    const left = async (visitor: typeof live) => (await t.database.db.select({ n: count() }).from(promoVisitors).where(eq(promoVisitors.sidHash, hashSid(visitor.sid))))[0]?.n;
    expect([await left(expired), await left(longGone), await left(live)]).toEqual([1, 0, 1]);
    expect(await solveCaptcha(t.app, live)).toHaveLength(PromotionLimits.captchaLength);
  });

  it('names the field of a malformed request in the visitor language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${PROMOTION_BASE}${PromotionPath.sms}?language=2`,
      payload: { phone: '5512345678', capcode: 'abcd' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: '1001', message: 'Valor no válido en «sid».' });
  });

  it('serves the captcha as an uncached SVG image', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const response = await t.app.inject(`${PROMOTION_BASE}${PromotionPath.captcha}?sid=${encodeURIComponent(visitor.sid)}&a=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^<svg/);
  });

  it('never writes a code, captcha answer or sid into the log', async () => {
    const visitor = await newVisitor(t.app, templateId);
    const phone = randomPhone();
    const capcode = await solveCaptcha(t.app, visitor);
    await requestSms(t.app, visitor, phone, capcode);
    const [message] = await outbox(t.app, phone);
    await register(t.app, visitor, { phone, capcode, smsCode: message?.code ?? '' });
    const logs = withoutLoggerNumbers(t.logs());
    expect(logs).not.toContain(message?.code ?? 'missing');
    expect(logs).not.toContain(visitor.sid);
  });

  it('answers 5003 when the SMS gateway fails, keeps no usable code and counts nothing as sent', async () => {
    const deps: PromotionDeps = {
      db: t.database.db,
      defaultMarket: 'MX',
      secureCookie: false,
      now: () => new Date(),
      counters: new MemoryCounterStore(),
      templates: activeTemplatesOf(t.database.db),
      eventCounts: eventCountsOf(t.database.db, t.app.log),
      signUps: signUpCounts,
      smsBudget: { perHour: 100, perTemplatePerHour: 100 },
      sms: {
        name: 'failing',
        send: async () => {
          throw new SmsDeliveryError('gateway down');
        },
      },
      captchaLog: new CaptchaAnswerLog(() => Date.now()),
      log: t.app.log,
    };
    const sid = await startVisitor(deps, undefined);
    await issueCaptcha(deps, sid);
    const capcode = (await deps.captchaLog?.answerFor(hashSid(sid))) ?? '';
    const input = { phone: randomPhone(), capcode, sid, deviceId: '', appName: '', app_from: '', user_from: '', utm_tag: '' };
    const refusal = await requestSmsCode(deps, input, '100.64.9.9', 'en').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PromotionError);
    expect((refusal as PromotionError).code).toBe(PromotionCode.SmsUnavailable);
    const [codes] = await t.database.db.select({ n: count() }).from(promoSmsCodes).where(eq(promoSmsCodes.phone, `+52${input.phone}`));
    const [sent] = await t.database.db.select({ n: count() }).from(smsOutbox).where(eq(smsOutbox.phone, `+52${input.phone}`));
    expect(Number(codes?.n)).toBe(0);
    expect(Number(sent?.n)).toBe(0);
    expect(t.logs()).toContain('sms not delivered');
  });
});
