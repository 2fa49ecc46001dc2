import { PromotionCode, promotionMessage } from '@lend/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { createTemplate, newVisitor, randomPhone, requestSms, solveCaptcha } from './promotion-helpers';

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

async function sentCount(t: TestApp, phones: string[]): Promise<number> {
  const rows = await t.database.db.select({ phone: smsOutbox.phone }).from(smsOutbox).where(inArray(smsOutbox.phone, phones));
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
