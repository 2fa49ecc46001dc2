import { randomInt } from 'node:crypto';
import {
  OPERATOR_BASE,
  OperatorPath,
  PHONE_RULES,
  PROMOTION_BASE,
  PromotionCode,
  PromotionOperatorPath,
  PromotionPath,
  promotionMessage,
  type PromoFunnelDays,
  type PromoLanding,
  type PromoTemplate,
} from '@lend/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, promoSmsCodes } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { createTemplate, newVisitor, operatorHeaders, outbox, register, requestSms, solveCaptcha, templateInput } from './promotion-helpers';

/** Ten digits valid in both markets (a mobile starting with 9), new to this run. */
const bothMarkets = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

async function landing(t: TestApp, templateId: number, language: '1' | '2'): Promise<PromoLanding> {
  const response = await t.app.inject(`${PROMOTION_BASE}${PromotionPath.template}?templateId=${templateId}&language=${language}`);
  return response.json<{ data: PromoLanding }>().data;
}

async function updateTemplate(t: TestApp, id: number, body: object): Promise<PromoTemplate> {
  const response = await t.app.inject({ method: 'PUT', url: `${OPERATOR_BASE}${OperatorPath.promoTemplate.replace(':id', String(id))}`, headers: operatorHeaders, payload: body });
  const answer = response.json<{ code: number; data: PromoTemplate }>();
  if (answer.code !== 0) throw new Error(`template update failed: ${response.body}`);
  return answer.data;
}

/** A visitor of the template who asks a code for the phone and registers with it; the replies of both calls. */
async function signUp(t: TestApp, templateId: number, phone: string, storedAs: string) {
  const visitor = await newVisitor(t.app, templateId);
  const capcode = await solveCaptcha(t.app, visitor);
  const sent = await requestSms(t.app, visitor, phone, capcode);
  const [message] = await outbox(t.app, encodeURIComponent(storedAs));
  const registered = await register(t.app, visitor, { phone, capcode, smsCode: message?.code ?? '', id: templateId });
  return { sent, registered, message };
}

const borrowerOf = async (t: TestApp, phone: string) => (await t.database.db.select().from(borrowers).where(eq(borrowers.phone, phone)))[0];

describe('the promotion landing of each market (docs/decisions/232)', () => {
  let t: TestApp;
  let india: PromoTemplate;
  let mexico: PromoTemplate;
  beforeAll(async () => {
    // The server's default market is Mexico: India's landing owes nothing to it.
    t = await createTestApp();
    india = await createTemplate(t.app, { name: 'India campaign', market: 'IN' });
    mexico = await createTemplate(t.app, { name: 'Mexico campaign', market: 'MX' });
  });
  afterAll(async () => t?.close());

  it('answers each template with its own market’s phone rule, in either language', async () => {
    for (const language of ['1', '2'] as const) {
      expect(await landing(t, india.id, language)).toMatchObject({ id: india.id, market: 'IN', phoneLength: 10 });
      expect(await landing(t, mexico.id, language)).toMatchObject({ id: mexico.id, market: 'MX', phoneLength: 10 });
    }
  });

  it('texts and registers an Indian number on an Indian template in India: +91 and market IN', async () => {
    const phone = bothMarkets();
    const { sent, registered, message } = await signUp(t, india.id, `${phone.slice(0, 5)} ${phone.slice(5)}`, `+91${phone}`);
    expect(sent.code).toBe('0');
    expect(message).toMatchObject({ phone: `+91${phone}`, kind: 'promotion-code' });
    const [code] = await t.database.db.select().from(promoSmsCodes).where(eq(promoSmsCodes.templateId, india.id));
    expect(code?.phone).toBe(`+91${phone}`);
    expect(registered.code).toBe('0');
    expect(await borrowerOf(t, `+91${phone}`)).toMatchObject({ phone: `+91${phone}`, market: 'IN' });
    expect(await borrowerOf(t, `+52${phone}`)).toBeUndefined();
  });

  it('keeps the Mexican path: the same ten digits on a Mexican template are a Mexican borrower, apart from the Indian one', async () => {
    const phone = bothMarkets();
    expect((await signUp(t, india.id, phone, `+91${phone}`)).registered.code).toBe('0');
    const { sent, registered, message } = await signUp(t, mexico.id, phone, `+52${phone}`);
    expect(sent.code).toBe('0');
    expect(message?.phone).toBe(`+52${phone}`);
    expect(registered.code).toBe('0');
    const rows = await t.database.db.select({ phone: borrowers.phone, market: borrowers.market }).from(borrowers).where(like(borrowers.phone, `%${phone}`));
    expect(rows.sort((a, b) => a.phone.localeCompare(b.phone))).toEqual([
      { phone: `+52${phone}`, market: 'MX' },
      { phone: `+91${phone}`, market: 'IN' },
    ]);
  });

  it('refuses a Mexican number on an Indian template with India’s rule in the visitor’s language, keeping the captcha', async () => {
    const visitor = await newVisitor(t.app, india.id);
    const capcode = await solveCaptcha(t.app, visitor);
    // Ten Mexican digits, and digits India would take written with Mexico's country code.
    for (const mexican of ['55 1234 5678', '+52 98123 40001', '529812340001']) {
      for (const language of ['en', 'es'] as const) {
        const reply = await requestSms(t.app, visitor, mexican, capcode, language === 'en' ? '1' : '2');
        expect(reply).toEqual({ status: 400, code: PromotionCode.InvalidPhone, message: promotionMessage(PromotionCode.InvalidPhone, language, { phoneHint: PHONE_RULES.IN.hint[language] }) });
      }
    }
    expect(promotionMessage(PromotionCode.InvalidPhone, 'es', { phoneHint: PHONE_RULES.IN.hint.es })).toContain('que empiece con 6, 7, 8 o 9');
    const registering = await register(t.app, visitor, { phone: '5512345678', capcode, smsCode: '123456' }, '2');
    expect(registering).toMatchObject({ status: 400, code: PromotionCode.InvalidPhone });
    // None of it spent the captcha: an Indian number gets its code with it.
    const phone = bothMarkets();
    expect((await requestSms(t.app, visitor, `+91 ${phone}`, capcode)).code).toBe('0');
    expect(await outbox(t.app, encodeURIComponent(`+91${phone}`))).toHaveLength(1);
    // And the Mexican template still takes the Mexican number.
    const mexicanVisitor = await newVisitor(t.app, mexico.id);
    expect((await requestSms(t.app, mexicanVisitor, '55 1234 5678', await solveCaptcha(t.app, mexicanVisitor))).code).toBe('0');
  });

  it('registers a visitor in their template’s market after its campaign ended, the template keeping its market', async () => {
    const ending = await createTemplate(t.app, { name: 'Ending in India', market: 'IN' });
    const phone = bothMarkets();
    const visitor = await newVisitor(t.app, ending.id);
    const capcode = await solveCaptcha(t.app, visitor);
    expect((await requestSms(t.app, visitor, phone, capcode)).code).toBe('0');
    const ended = await updateTemplate(t, ending.id, { ...templateInput({ name: 'Ending in India' }), active: false });
    expect(ended).toMatchObject({ market: 'IN', active: false });
    const [message] = await outbox(t.app, encodeURIComponent(`+91${phone}`));
    expect((await register(t.app, visitor, { phone, capcode, smsCode: message?.code ?? '' })).code).toBe('0');
    expect(await borrowerOf(t, `+91${phone}`)).toMatchObject({ market: 'IN' });
  });

  it('takes the default market’s numbers from a visitor who came without a template', async () => {
    const visitor = await newVisitor(t.app);
    const capcode = await solveCaptcha(t.app, visitor);
    expect((await requestSms(t.app, visitor, `+91 ${bothMarkets()}`, capcode)).code).toBe(PromotionCode.InvalidPhone);
    const phone = bothMarkets();
    expect((await requestSms(t.app, visitor, phone, capcode)).code).toBe('0');
    expect(await outbox(t.app, encodeURIComponent(`+52${phone}`))).toHaveLength(1);
  });
});

describe('a template’s market, set by its administrator (docs/decisions/232)', () => {
  let t: TestApp;
  const clock = { now: new Date('2026-11-20T20:00:00Z') };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now });
  });
  afterAll(async () => t?.close());

  it('is the one named at creation, else the server’s default market, and moves only when an edit names another', async () => {
    expect((await createTemplate(t.app, { name: 'Unnamed market' })).market).toBe('MX');
    const created = await createTemplate(t.app, { name: 'Named market', market: 'IN' });
    expect(created.market).toBe('IN');
    // An edit without a market keeps it; one naming a market moves the template there.
    expect((await updateTemplate(t, created.id, { ...templateInput({ name: 'Renamed' }), active: true })).market).toBe('IN');
    expect(await landing(t, created.id, '1')).toMatchObject({ market: 'IN' });
    expect((await updateTemplate(t, created.id, { ...templateInput({ name: 'Renamed', market: 'MX' }), active: true })).market).toBe('MX');
    expect(await landing(t, created.id, '1')).toMatchObject({ market: 'MX' });
    const list = await t.app.inject({ url: `${OPERATOR_BASE}${OperatorPath.promoTemplates}?limit=200`, headers: operatorHeaders });
    const listed = list.json<{ data: { items: PromoTemplate[] } }>().data.items.find((template) => template.id === created.id);
    expect(listed?.market).toBe('MX');

    const unknown = await t.app.inject({ method: 'POST', url: `${OPERATOR_BASE}${OperatorPath.promoTemplates}`, headers: operatorHeaders, payload: templateInput({ market: 'US' as 'MX' }) });
    expect(unknown.json()).toMatchObject({ code: 1001, message: 'Invalid value for "market".' });
  });

  it('is the server’s default market when PROMOTION_MARKET names India', async () => {
    const indian = await createTestApp({ env: { PROMOTION_MARKET: 'IN' } });
    try {
      expect((await createTemplate(indian.app)).market).toBe('IN');
      expect((await createTemplate(indian.app, { market: 'MX' })).market).toBe('MX');
    } finally {
      await indian.close();
    }
  });

  it('counts a template’s days in its own market’s calendar', async () => {
    // 20:00 UTC on the 20th is still the 20th in Mexico City and already the 21st in India.
    const days = async (template: PromoTemplate, day: string) => {
      const response = await t.app.inject({
        url: `${OPERATOR_BASE}${PromotionOperatorPath.funnelDays}?templateId=${template.id}&from=${day}&to=${day}`,
        headers: operatorHeaders,
      });
      return response.json<{ data: PromoFunnelDays }>().data;
    };
    for (const market of ['MX', 'IN'] as const) {
      const template = await createTemplate(t.app, { market });
      const visit = await t.app.inject(`${PROMOTION_BASE}${PromotionPath.trackVisit}?page_id=${template.id}&page_type=1&client_type=web`);
      expect(visit.json()).toMatchObject({ code: '0' });
      const day = market === 'IN' ? '2026-11-21' : '2026-11-20';
      expect(await days(template, day)).toMatchObject({ timeZone: market === 'IN' ? 'Asia/Kolkata' : 'America/Mexico_City', totals: { visits: 1 } });
    }
  });
});
