import { OPERATOR_BASE, OperatorPath, PROMOTION_BASE, PromotionCode, PromotionLimits, PromotionPath, TEXT_CHALLENGE, promotionMessage } from '@lend/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { createTemplate, newVisitor, operatorHeaders, randomPhone, requestSms, solveCaptcha, type Visitor } from './promotion-helpers';

let apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});

async function start(budgets: { perHour: number; perTemplate: number }): Promise<TestApp> {
  const t = await createTestApp({
    env: { SMS_BUDGET_PER_HOUR: String(budgets.perHour), SMS_BUDGET_PER_TEMPLATE_PER_HOUR: String(budgets.perTemplate) },
  });
  apps.push(t);
  return t;
}

/** A new visitor from a new address with a solved captcha asks a code for `phone`. */
async function ask(t: TestApp, templateId: number, phone = randomPhone(), language?: string) {
  const visitor = await newVisitor(t.app, templateId);
  return requestSms(t.app, visitor, phone, await solveCaptcha(t.app, visitor), language);
}

/** Messages sent to the (Mexican) phones, which the outbox holds in E.164. */
async function sentCount(t: TestApp, phones: string[]): Promise<number> {
  const rows = await t.database.db
    .select({ phone: smsOutbox.phone })
    .from(smsOutbox)
    .where(inArray(smsOutbox.phone, phones.map((phone) => `+52${phone}`)));
  return rows.length;
}

const alertLines = (t: TestApp, budget: string) =>
  t.logs().split('\n').filter((line) => line.includes('SMS budget 80 % used') && line.includes(`"budget":"${budget}"`));

describe('SMS budget', () => {
  it('refuses requests from distinct phones and addresses past the hourly budget, in the visitor language', async () => {
    const t = await start({ perHour: 4, perTemplate: 100 });
    const [one, two] = [(await createTemplate(t.app)).id, (await createTemplate(t.app)).id];
    // Refusals before the budget (a wrong captcha, a resend within the minute) take none of it.
    const early = await newVisitor(t.app, one);
    expect((await requestSms(t.app, early, randomPhone(), 'zzzz')).code).toBe(PromotionCode.CaptchaWrong);

    const phones = Array.from({ length: 5 }, () => randomPhone());
    const codes = [];
    for (const [i, phone] of phones.entries()) {
      if (i === 2) expect((await ask(t, one, phones[0])).code).toBe(PromotionCode.ResendTooSoon);
      codes.push((await ask(t, i % 2 === 0 ? one : two, phone)).code);
    }
    expect(codes).toEqual(['0', '0', '0', '0', PromotionCode.SmsBudgetExhausted]);
    expect(await sentCount(t, phones)).toBe(4);

    const spanish = await ask(t, two, randomPhone(), '2');
    expect(spanish).toEqual({ status: 503, code: PromotionCode.SmsBudgetExhausted, message: promotionMessage(PromotionCode.SmsBudgetExhausted, 'es') });
    // The refused phone's 60 s hold was given back: it is refused by the budget again, not told to wait.
    expect((await ask(t, one, phones[4])).code).toBe(PromotionCode.SmsBudgetExhausted);
  });

  it('refuses past a template budget while other templates still send', async () => {
    const t = await start({ perHour: 100, perTemplate: 3 });
    const busy = (await createTemplate(t.app)).id;
    const quiet = (await createTemplate(t.app)).id;
    const phones = Array.from({ length: 4 }, () => randomPhone());
    const codes = [];
    for (const phone of phones) codes.push((await ask(t, busy, phone)).code);
    expect(codes).toEqual(['0', '0', '0', PromotionCode.SmsBudgetExhausted]);
    expect(await sentCount(t, phones)).toBe(3);
    expect((await ask(t, quiet)).code).toBe('0');
  });

  it('warns the operator once when 80 % of a budget is used', async () => {
    const t = await start({ perHour: 5, perTemplate: 100 });
    const templateId = (await createTemplate(t.app)).id;
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await ask(t, templateId)).code);
    expect(alertLines(t, 'all')).toHaveLength(0);
    for (let i = 0; i < 4; i += 1) codes.push((await ask(t, templateId)).code);
    expect(codes.filter((code) => code === '0')).toHaveLength(5);
    const alerts = alertLines(t, 'all');
    expect(alerts).toHaveLength(1);
    expect(JSON.parse(alerts[0] ?? '{}')).toMatchObject({ level: 40, budget: 'all', used: 4, limit: 5 });
    expect(alertLines(t, `template ${templateId}`)).toHaveLength(0);
  });
});

async function textChallenge(t: TestApp, visitor: Visitor, language = '1') {
  const response = await t.app.inject({
    method: 'GET',
    url: `${PROMOTION_BASE}${PromotionPath.captchaText}?sid=${encodeURIComponent(visitor.sid)}&language=${language}`,
    remoteAddress: visitor.address,
  });
  return response.json<{ code: string; data: { question: string } }>();
}

async function currentAnswer(t: TestApp, visitor: Visitor): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${OperatorPath.captchaAnswer}?sid=${encodeURIComponent(visitor.sid)}`, headers: operatorHeaders });
  return response.json<{ data: { answer: string } }>().data.answer;
}

describe('text challenge, the alternative to the image', () => {
  it('asks for digits spelt out in the visitor language and authorises an SMS like the image', async () => {
    const t = await start({ perHour: 100, perTemplate: 100 });
    const visitor = await newVisitor(t.app, (await createTemplate(t.app)).id);
    const spelt = (answer: string, language: 'en' | 'es') =>
      `${TEXT_CHALLENGE[language].prompt} ${[...answer].map((digit) => TEXT_CHALLENGE[language].digits[Number(digit)]).join(', ')}.`;

    const english = await textChallenge(t, visitor);
    const first = await currentAnswer(t, visitor);
    expect(english.code).toBe('0');
    expect(first).toMatch(new RegExp(`^\\d{${PromotionLimits.captchaLength}}$`));
    expect(english.data.question).toBe(spelt(first, 'en'));

    const spanish = await textChallenge(t, visitor, '2');
    const second = await currentAnswer(t, visitor);
    expect(spanish.data.question).toBe(spelt(second, 'es'));
    expect((await requestSms(t.app, visitor, randomPhone(), second)).code).toBe('0');
  });

  it('sends at most its own small share of the hourly budget, while the image captcha still sends', async () => {
    const t = await start({ perHour: 20, perTemplate: 100 });
    const templateId = (await createTemplate(t.app)).id;
    const share = Math.ceil(20 * PromotionLimits.smsBudgetTextShare);
    const phones = Array.from({ length: share + 1 }, () => randomPhone());
    const codes = [];
    for (const phone of phones) {
      const visitor = await newVisitor(t.app, templateId);
      await textChallenge(t, visitor);
      codes.push((await requestSms(t.app, visitor, phone, await currentAnswer(t, visitor))).code);
    }
    expect(codes).toEqual([...Array<string>(share).fill('0'), PromotionCode.SmsBudgetExhausted]);
    expect(await sentCount(t, phones)).toBe(share);
    // A new image after a text challenge is an image challenge again.
    const visitor = await newVisitor(t.app, templateId);
    await textChallenge(t, visitor);
    expect((await ask(t, templateId)).code).toBe('0');
    expect((await requestSms(t.app, visitor, randomPhone(), await solveCaptcha(t.app, visitor))).code).toBe('0');
  });
});
