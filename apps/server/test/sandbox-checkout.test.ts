import { randomBytes } from 'node:crypto';
import { SIGNATURE_HEADER } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxCardCharges, sandboxCheckoutSessions } from '../src/db/schema';
import { CardProviderUnavailableError, type CheckoutRequest } from '../src/providers/cards/card-provider';
import { redirectNotificationSchema, SANDBOX_CARD_WEBHOOK_SECRET } from '../src/providers/cards/redirect-notification';
import { NOTIFICATION_ATTEMPTS } from '../src/providers/cards/sandbox/sandbox-redirect-provider';
import { verify } from '../src/providers/payments/webhook-signature';
import { sandboxChargeUnder } from './card-helpers';
import { createTestApp, type TestApp } from './helper';

const now = new Date('2030-04-15T12:00:00Z');

type Delivered = { path: string; rawBody: string; headers: Record<string, string> };
const delivered: Delivered[] = [];
/** The statuses the capturing receiver answers, one per delivery; 200 once they run out. */
let answers: number[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    now: () => now,
    cardNotificationDelivery: async (path, rawBody, headers) => {
      delivered.push({ path, rawBody, headers });
      return { statusCode: answers.shift() ?? 200 };
    },
  });
});
afterAll(async () => t?.close());
beforeEach(() => {
  delivered.length = 0;
  answers = [];
});

const returnUrl = '/#/alipayrepayment?orderId=LN1&language=2';

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return { merchantReference: `rr_${randomBytes(8).toString('hex')}`, amountMinor: 1_234_50, currency: 'MXN', returnUrl, language: 'es', ...overrides };
}

async function openCheckout(overrides: Partial<CheckoutRequest> = {}) {
  const request = checkoutRequest(overrides);
  return { request, ...(await t.app.cardProviders.redirect.createCheckout(request)) };
}

const page = (url: string) => t.app.inject({ method: 'GET', url });
const press = (url: string, action: 'pay' | 'cancel', lang = 'es') =>
  t.app.inject({ method: 'POST', url: `${url}/${action}?lang=${lang}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

function notificationOf(delivery: Delivered | undefined) {
  if (!delivery) throw new Error('nothing was delivered');
  return redirectNotificationSchema.parse(JSON.parse(delivery.rawBody));
}

describe('the checkout page', () => {
  it('shows the amount, the reference, pay and cancel in Spanish by default, styled from a file of its own', async () => {
    const { url, request, checkoutId } = await openCheckout();
    expect(url).toBe(`/sandbox/card-provider/checkout/${checkoutId}`);
    expect(checkoutId).toMatch(/^chk_[A-Za-z0-9_-]{24}$/);
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Sandbox checkout</title>');
    expect(html).toContain('$1,234.50 MXN');
    expect(html).toContain(request.merchantReference);
    expect(html).toContain(`action="${url}/pay?lang=es"`);
    expect(html).toContain(`action="${url}/cancel?lang=es"`);
    expect(html).toContain('>Pagar</button>');
    expect(html).toContain('>Cancelar</button>');
    expect(html).toContain('width=device-width');
    // Nothing inline for the CSP to refuse: no script at all, no style element or attribute.
    expect(html).not.toMatch(/<script|<style|style=/i);
    expect(html).toContain('<link rel="stylesheet" href="/sandbox/card-provider/checkout.css">');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'self'/);
    expect(csp).toMatch(/form-action 'self'/);
    const css = await page('/sandbox/card-provider/checkout.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('max-width:420px');
  });

  it('speaks English with lang=en and formats rupees the Indian way', async () => {
    const { url } = await openCheckout({ amountMinor: 1_23_456_78, currency: 'INR' });
    const html = (await page(`${url}?lang=en`)).body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('₹1,23,456.78 INR');
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('Merchant reference');
    expect(html).toContain(`action="${url}/pay?lang=en"`);
    // Any other language value reads as the default.
    expect((await page(`${url}?lang=fr`)).body).toContain('<html lang="es">');
  });

  it('is opened in the borrower language, whatever the currency', async () => {
    const english = await openCheckout({ amountMinor: 200_00, currency: 'INR', language: 'en' });
    expect(english.url).toBe(`/sandbox/card-provider/checkout/${english.checkoutId}?lang=en`);
    expect((await page(english.url)).body).toContain('<html lang="en">');
    const spanish = await openCheckout({ amountMinor: 200_00, currency: 'INR', language: 'es' });
    expect((await page(spanish.url)).body).toContain('<html lang="es">');
  });

  it('answers a checkout it never issued with a not-found page in the asked language', async () => {
    for (const [lang, text] of [
      ['en', 'This checkout does not exist.'],
      ['es', 'Este pago no existe.'],
    ]) {
      const response = await page(`/sandbox/card-provider/checkout/chk_unknown?lang=${lang}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain(text);
      const pressed = await press('/sandbox/card-provider/checkout/chk_unknown', 'pay', lang);
      expect(pressed.statusCode).toBe(404);
    }
    expect(delivered).toHaveLength(0);
  });
});

describe('pay and cancel', () => {
  it('pays once: a succeeded charge, the signed notification, and the borrower sent back', async () => {
    const { url, request, checkoutId } = await openCheckout();
    const paid = await press(url, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(returnUrl);

    expect(delivered).toHaveLength(1);
    const [delivery] = delivered;
    expect(delivery?.path).toBe('/webhooks/payments/sandbox-card');
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(verify(SANDBOX_CARD_WEBHOOK_SECRET, delivery?.rawBody ?? '', delivery?.headers[SIGNATURE_HEADER], now)).toBe('valid');
    const notification = notificationOf(delivery);
    const charge = await sandboxChargeUnder(t, `checkout-${checkoutId}`);
    expect(charge).toMatchObject({ outcome: 'succeeded', amountMinor: request.amountMinor });
    const paidCheckout = {
      checkoutId,
      merchantReference: request.merchantReference,
      status: 'paid',
      amountMinor: 1_234_50,
      currency: 'MXN',
      chargeId: charge?.chargeId,
    };
    expect(notification).toEqual({ eventId: expect.stringMatching(/^evt_/), ...paidCheckout, occurredAt: now.toISOString() });
    expect(Object.keys(JSON.parse(delivery?.rawBody ?? '{}') as object)).toEqual([
      'eventId',
      'checkoutId',
      'merchantReference',
      'status',
      'amountMinor',
      'currency',
      'chargeId',
      'occurredAt',
    ]);

    // A second press, or a cancel after paying, changes nothing and notifies nobody.
    expect((await press(url, 'pay')).headers.location).toBe(returnUrl);
    expect((await press(url, 'cancel')).statusCode).toBe(303);
    expect(delivered).toHaveLength(1);
    expect(await t.database.db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, `checkout-${checkoutId}`))).toHaveLength(1);
    expect(await t.app.cardProviders.redirect.findCheckout(request.merchantReference)).toEqual({ ...paidCheckout, completedAt: now });

    const after = (await page(url)).body;
    expect(after).toContain('Este pago ya se realizó.');
    expect(after).toContain(`href="${returnUrl.replace(/&/g, '&amp;')}"`);
    expect(after).not.toContain('<form');
  });

  it('cancels once: no charge, a signed cancelled notification, and paying afterwards does nothing', async () => {
    const { url, request, checkoutId } = await openCheckout({ currency: 'INR', amountMinor: 5_000_00 });
    const cancelled = await press(url, 'cancel', 'en');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(returnUrl);
    expect(delivered).toHaveLength(1);
    expect(verify(SANDBOX_CARD_WEBHOOK_SECRET, delivered[0]?.rawBody ?? '', delivered[0]?.headers[SIGNATURE_HEADER], now)).toBe('valid');
    expect(notificationOf(delivered[0])).toMatchObject({ checkoutId, status: 'cancelled', chargeId: null, amountMinor: 5_000_00, currency: 'INR' });

    await press(url, 'pay');
    expect(delivered).toHaveLength(1);
    expect(await sandboxChargeUnder(t, `checkout-${checkoutId}`)).toBeNull();
    expect(await t.app.cardProviders.redirect.findCheckout(request.merchantReference)).toMatchObject({ status: 'cancelled', chargeId: null });
    expect((await page(`${url}?lang=en`)).body).toContain('This payment was cancelled.');
  });

  it('takes one of many presses at the same time, pay or cancel, and notifies once', async () => {
    const { url, checkoutId } = await openCheckout();
    const presses = await Promise.all(Array.from({ length: 10 }, (_, i) => press(url, i % 2 === 0 ? 'pay' : 'cancel')));
    expect(presses.map((response) => response.statusCode)).toEqual(Array(10).fill(303));
    expect(delivered).toHaveLength(1);
    const [session] = await t.database.db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, checkoutId));
    const notification = notificationOf(delivered[0]);
    expect(notification.status).toBe(session?.status);
    const charges = await t.database.db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, `checkout-${checkoutId}`));
    expect(charges).toHaveLength(session?.status === 'paid' ? 1 : 0);
  });

  it('retries a failed delivery, signed each time, and sends the borrower back even when every try failed', async () => {
    answers = [500, 404];
    const { url } = await openCheckout();
    expect((await press(url, 'pay')).statusCode).toBe(303);
    expect(delivered).toHaveLength(3);
    expect(new Set(delivered.map((delivery) => delivery.rawBody)).size).toBe(1);
    for (const delivery of delivered) expect(verify(SANDBOX_CARD_WEBHOOK_SECRET, delivery.rawBody, delivery.headers[SIGNATURE_HEADER], now)).toBe('valid');
    expect(t.logs()).not.toContain('sandbox card notification not delivered');

    delivered.length = 0;
    answers = Array(NOTIFICATION_ATTEMPTS).fill(503);
    const second = await openCheckout();
    const pressed = await press(second.url, 'pay');
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(returnUrl);
    expect(delivered).toHaveLength(NOTIFICATION_ATTEMPTS);
    const warning = t.logs().split('\n').find((line) => line.includes('sandbox card notification not delivered'));
    expect(warning).toContain('"lastFailure":"status 503"');
    expect(warning).not.toContain(second.checkoutId);
    expect(warning).not.toContain(second.request.merchantReference);
  });
});

describe('opening a checkout', () => {
  it('answers the same checkout for the same reference and payment, and refuses it for another', async () => {
    const first = await openCheckout();
    expect(await t.app.cardProviders.redirect.createCheckout(first.request)).toEqual({ checkoutId: first.checkoutId, url: first.url });
    await expect(t.app.cardProviders.redirect.createCheckout({ ...first.request, amountMinor: 1 })).rejects.toBeInstanceOf(CardProviderUnavailableError);
    expect(await t.app.cardProviders.redirect.findCheckout('rr_never_opened')).toBeNull();
  });

  it('refuses an amount of nothing and a return address that is not ours or the web', async () => {
    for (const bad of [{ amountMinor: 0 }, { amountMinor: 1.5 }, { returnUrl: 'javascript:alert(1)' }, { returnUrl: '//elsewhere.example/x' }, { returnUrl: '' }]) {
      await expect(t.app.cardProviders.redirect.createCheckout(checkoutRequest(bad)), JSON.stringify(bad)).rejects.toBeInstanceOf(CardProviderUnavailableError);
    }
    await expect(t.app.cardProviders.redirect.createCheckout(checkoutRequest({ returnUrl: 'https://lender.example/#/x' }))).resolves.toBeTruthy();
  });
});

describe('delivery inside the app', () => {
  it('posts the notification to the app itself when no test captures it, and sends the borrower back whatever it answered', async () => {
    const own = await createTestApp({ now: () => now });
    try {
      const request = checkoutRequest();
      const { url } = await own.app.cardProviders.redirect.createCheckout(request);
      const paid = await own.app.inject({ method: 'POST', url: `${url}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(paid.statusCode).toBe(303);
      expect(own.logs()).toContain('/webhooks/payments/sandbox-card');
      expect(await own.app.cardProviders.redirect.findCheckout(request.merchantReference)).toMatchObject({ status: 'paid' });
    } finally {
      await own.close();
    }
  });
});
