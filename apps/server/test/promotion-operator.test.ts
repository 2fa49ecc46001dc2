import { OPERATOR_BASE, OperatorPath, PROMOTION_BASE, PromotionPath, promoTemplateInputSchema } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROMO_TEMPLATE } from '../src/seed/demo-data';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { createTemplate, newVisitor, operatorHeaders, registeredVisitor, requestSms, solveCaptcha, templateInput } from './promotion-helpers';

describe('promotion templates, tracking and funnel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const track = (path: string, query: Record<string, string>) =>
    t.app.inject(`${PROMOTION_BASE}${path}?${new URLSearchParams({ page_type: '1', user_from: 'fb', app_from: 'landing', utm_tag: 'spring', ...query })}`);

  it('creates templates only with the operator token and lists them', async () => {
    const refused = await t.app.inject({ method: 'POST', url: `${OPERATOR_BASE}${OperatorPath.promoTemplates}`, payload: templateInput() });
    expect(refused.statusCode).toBe(401);
    const created = await createTemplate(t.app, { name: 'Listed' });
    expect(created).toMatchObject({ name: 'Listed', active: true, termsUrl: '/User', trackingCode: 'AW-123456' });
    const list = await t.app.inject({ url: `${OPERATOR_BASE}${OperatorPath.promoTemplates}`, headers: operatorHeaders });
    expect(list.json().data.items.map((template: { id: number }) => template.id)).toContain(created.id);
  });

  it('refuses templates with unreadable colours, foreign images or no store link, naming the field', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${OPERATOR_BASE}${OperatorPath.promoTemplates}`, headers: operatorHeaders, payload });
    const grey = await post(templateInput({ colours: { background: '#777777', text: '#888888', button: '#B3261E', buttonText: '#FFFFFF' } }));
    expect(grey.json()).toMatchObject({ code: 1001, message: 'Invalid value for "colours.text".' });
    const foreign = await post(templateInput({ bannerUrl: 'https://tracker.example/banner.png' }));
    expect(foreign.json().message).toBe('Invalid value for "bannerUrl".');
    const noStore = await post(templateInput({ downloadLinks: {} }));
    expect(noStore.json().message).toBe('Invalid value for "downloadLinks.android".');
  });

  it('answers the landing in the visitor language with the phone rule of the market', async () => {
    const { id } = await createTemplate(t.app);
    const spanish = await t.app.inject(`${PROMOTION_BASE}${PromotionPath.template}?templateId=${id}&language=2`);
    expect(spanish.json()).toMatchObject({
      code: '0',
      message: 'Éxito',
      data: { id, title: 'Efectivo en minutos', market: 'MX', phoneLength: 10, downloadLinks: { android: expect.stringMatching(/^https:/) } },
    });
    const english = await t.app.inject(`${PROMOTION_BASE}${PromotionPath.template}?templateId=${id}&language=1`);
    expect(english.json().data.title).toBe('Cash in minutes');
  });

  it('counts visits, clicks, SMS sent and registrations per template', async () => {
    const { id } = await createTemplate(t.app);
    const other = await createTemplate(t.app);
    for (const clientType of ['android', 'ios', 'web']) expect((await track(PromotionPath.trackVisit, { page_id: String(id), client_type: clientType })).json()).toEqual({ code: '0', message: 'Éxito' });
    await track(PromotionPath.trackVisit, { page_id: String(other.id), client_type: 'android' });
    await track(PromotionPath.trackClick, { page_id: String(id), client_type: 'android', phone: '5512345678' });
    expect((await track(PromotionPath.trackVisit, { page_id: '999999', client_type: 'android' })).json().code).toBe('108');

    await registeredVisitor(t.app, id);

    const funnel = await t.app.inject({ url: `${OPERATOR_BASE}${OperatorPath.promoFunnel}?templateId=${id}`, headers: operatorHeaders });
    expect(funnel.json().data).toEqual({ templateId: id, visits: 3, clicks: 1, smsSent: 1, registrations: 1 });
    const missing = await t.app.inject({ url: `${OPERATOR_BASE}${OperatorPath.promoFunnel}?templateId=999999`, headers: operatorHeaders });
    expect(missing.statusCode).toBe(404);
  });

  it('ships a demo template that passes the operator rules and a banner the server serves', async () => {
    expect(promoTemplateInputSchema.safeParse(DEMO_PROMO_TEMPLATE).success).toBe(true);
    const banner = await t.app.inject(DEMO_PROMO_TEMPLATE.bannerUrl);
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('promotion in production', () => {
  it('has no captcha-answer route', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, STAFF_SECRET_KEY: 'a'.repeat(64), DATA_DIR: '/nonexistent-test-data' } });
    try {
      const visitor = await newVisitor(t.app);
      const response = await t.app.inject({ url: `${OPERATOR_BASE}${OperatorPath.captchaAnswer}?sid=${visitor.sid}`, headers: operatorHeaders });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('promotion on a server whose default market is India', () => {
  it('makes its templates India’s, which take 10-digit mobiles starting 6 to 9 and say so in the refusal', async () => {
    const t = await createTestApp({ env: { PROMOTION_MARKET: 'IN' } });
    try {
      const { id } = await createTemplate(t.app);
      const landing = await t.app.inject(`${PROMOTION_BASE}${PromotionPath.template}?templateId=${id}&language=1`);
      expect(landing.json().data).toMatchObject({ market: 'IN', phoneLength: 10 });
      const visitor = await newVisitor(t.app, id);
      const answer = await solveCaptcha(t.app, visitor);
      const mexican = await requestSms(t.app, visitor, '5512345678', answer);
      expect(mexican.code).toBe('102');
      expect(mexican.message).toContain('starting with 6, 7, 8 or 9');
      expect((await requestSms(t.app, visitor, '9876543210', answer)).code).toBe('0');
    } finally {
      await t.close();
    }
  });
});
