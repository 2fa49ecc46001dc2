import { PromotionCode } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type TestApp } from './helper';
import { createTemplate, newVisitor, outbox, randomPhone, register, requestSms, solveCaptcha, type Visitor } from './promotion-helpers';

/**
 * Whether a phone has an account is the account holder's business: the landing must not tell a
 * stranger who types the number in, however many numbers they try (docs/decisions/108).
 */
describe('promotion landing does not reveal who is registered', () => {
  let t: TestApp;
  let templateId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { SMS_BUDGET_PER_HOUR: '4', SMS_BUDGET_PER_TEMPLATE_PER_HOUR: '100' } });
    templateId = (await createTemplate(t.app)).id;
  });
  afterAll(async () => t?.close());

  async function registeredPhone(): Promise<string> {
    const phone = randomPhone();
    await openSession(t.app, `+52${phone}`);
    return phone;
  }

  async function ask(phone: string, visitor?: Visitor) {
    const who = visitor ?? (await newVisitor(t.app, templateId));
    const capcode = await solveCaptcha(t.app, who);
    return { visitor: who, capcode, reply: await requestSms(t.app, who, phone, capcode) };
  }

  it('answers a registered phone as it answers a new one, texts it a code, and tells only the code holder', async () => {
    const [known, unknown] = [await registeredPhone(), randomPhone()];
    const forKnown = await ask(known);
    const forUnknown = await ask(unknown);
    expect(forKnown.reply).toEqual(forUnknown.reply);
    expect(forKnown.reply.code).toBe('0');
    expect(await outbox(t.app, known)).toHaveLength(1);

    // A resend within the minute is refused alike.
    const againKnown = await ask(known);
    const againUnknown = await ask(unknown);
    expect(againKnown.reply.code).toBe(PromotionCode.ResendTooSoon);
    expect(againKnown.reply).toEqual(againUnknown.reply);

    // A wrong code gets the same answer for both.
    const wrongKnown = await register(t.app, forKnown.visitor, { phone: known, capcode: forKnown.capcode, smsCode: '000000' });
    const wrongUnknown = await register(t.app, forUnknown.visitor, { phone: unknown, capcode: forUnknown.capcode, smsCode: '000000' });
    expect(wrongKnown.code).toBe(PromotionCode.SmsCodeWrong);
    expect(wrongKnown).toEqual(wrongUnknown);

    // Only the right code, which only the phone's owner reads, tells them they are already registered.
    const [message] = await outbox(t.app, known);
    const right = await register(t.app, forKnown.visitor, { phone: known, capcode: forKnown.capcode, smsCode: message?.code ?? '' });
    expect(right.code).toBe(PromotionCode.AlreadyRegistered);
  });

  it('answers a registration without a code sent alike for a registered and a new phone', async () => {
    const [known, unknown] = [await registeredPhone(), randomPhone()];
    const replies = [];
    for (const phone of [known, unknown]) {
      const visitor = await newVisitor(t.app, templateId);
      replies.push(await register(t.app, visitor, { phone, capcode: await solveCaptcha(t.app, visitor), smsCode: '123456' }));
    }
    expect(replies[0]?.code).toBe(PromotionCode.SmsCodeExpired);
    expect(replies[0]).toEqual(replies[1]);
  });

  it('counts a registered phone against the same SMS budget, and refuses it alike once the budget is spent', async () => {
    const budgetApp = await createTestApp({ env: { SMS_BUDGET_PER_HOUR: '2', SMS_BUDGET_PER_TEMPLATE_PER_HOUR: '100' } });
    try {
      const template = (await createTemplate(budgetApp.app)).id;
      const askOn = async (phone: string) => {
        const visitor = await newVisitor(budgetApp.app, template);
        return requestSms(budgetApp.app, visitor, phone, await solveCaptcha(budgetApp.app, visitor));
      };
      const known = [randomPhone(), randomPhone(), randomPhone()];
      for (const phone of known) await openSession(budgetApp.app, `+52${phone}`);
      expect((await askOn(known[0] ?? '')).code).toBe('0');
      expect((await askOn(known[1] ?? '')).code).toBe('0');
      // The budget is spent by registered phones alone: a registered and a new phone now get the same refusal.
      const knownRefused = await askOn(known[2] ?? '');
      const unknownRefused = await askOn(randomPhone());
      expect(knownRefused.code).toBe(PromotionCode.SmsBudgetExhausted);
      expect(knownRefused).toEqual(unknownRefused);
    } finally {
      await budgetApp.close();
    }
  });
});
