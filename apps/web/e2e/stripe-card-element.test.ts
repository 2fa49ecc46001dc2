import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HashRoute, type ProductSummary } from '@lend/contracts';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeCardStandIn,
  StripeTestCard,
  type StripeCardStandIn,
} from '../../server/test/stand-ins/stripe-card-stand-in';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, sharedBrowser } from './browser';
import { startConfiguredServer } from './configured-server';
import { freePort } from './global-setup';
import { LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { paidOutBorrower, runPhone } from './session';

/**
 * Adding a Mexican card on Stripe (docs/decisions/218): the add-card screen mounts Stripe's Payment
 * Element, here the stand-in's Stripe.js whose fields are in a frame of the stand-in's origin, and
 * binds the SetupIntent it confirmed; then the card pays off-session. This file starts its own
 * compiled server with Mexico's cards on Stripe, as docs/decisions/130 does for the cash rails, and
 * watches every request the page makes for the card number.
 */
const browser = sharedBrowser();

type CardsServer = { baseUrl: string; dataDir: string; stripe: StripeCardStandIn; stop: () => Promise<void> };

async function startCardsServer(): Promise<CardsServer> {
  const [stripe, port] = await Promise.all([startStripeCardStandIn(), freePort()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'lend-e2e-stripe-cards-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    CARD_PAYMENT_PROVIDER_MX: 'stripe',
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
    STRIPE_CARD_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_CARD_RETURN_ORIGIN: baseUrl,
    STRIPE_API_BASE_URL: stripe.url,
    STRIPE_JS_URL: `${stripe.url}/v3/`,
  };
  const { stop } = await startConfiguredServer({ port, dataDir, env, after: () => stripe.close() });
  return { baseUrl, dataDir, stripe, stop };
}

const PHONES = { en: runPhone('5510008411'), es: runPhone('5510008412') } as const;
const NUMBER = StripeTestCard.succeeds;
/** The number as the fields group it, and its digits alone: neither may leave the page but to Stripe. */
const NUMBER_FORMS = [NUMBER, NUMBER.replace(/(\d{4})(?=\d)/g, '$1 '), NUMBER.replace(/(\d{4})(?=\d)/g, '$1+'), NUMBER.replace(/(\d{4})(?=\d)/g, '$1%20')];

type Seen = { url: string; body: string; fromOurPage: boolean };

/** Every request the page makes, from our page itself or from any frame in it. */
function watchRequests(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('request', (request: Request) => {
    seen.push({ url: request.url(), body: request.postData() ?? '', fromOurPage: request.frame() === page.mainFrame() });
  });
  return seen;
}

const carries = (request: Seen) => NUMBER_FORMS.some((form) => request.url.includes(form) || request.body.includes(form));

describe('a Mexican card saved in Stripe’s Payment Element', () => {
  let server: CardsServer;
  const borrowers = {} as Record<'en' | 'es', { userId: string; sessionId: string; orderNo: string; productId: string }>;

  beforeAll(async () => {
    server = await startCardsServer();
    const products = operatorCliJsonLines(server.baseUrl, server.dataDir, ['product', 'list']) as ProductSummary[];
    const productId = products.find((product) => product.code === 'peso-plus-120')?.id ?? 0;
    const [en, es] = await Promise.all([PHONES.en, PHONES.es].map((phone) => paidOutBorrower(server.baseUrl, server.dataDir, phone, productId, 'MX')));
    if (!en || !es) throw new Error('no borrowers');
    borrowers.en = { ...en, productId: String(productId) };
    borrowers.es = { ...es, productId: String(productId) };
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it.each(LANGUAGE_CASES)('in $language: adds the card in Stripe’s frame, binds its SetupIntent and pays with it off-session', async ({ flag, language, text }) => {
    const borrower = borrowers[language];
    const { context, page } = await openPage(browser());
    try {
      const seen = watchRequests(page);
      const detail = `${server.baseUrl}/#${HashRoute.borrowDetail}?${new URLSearchParams({ userId: borrower.userId, sessionId: borrower.sessionId, language: flag, productId: borrower.productId, orderId: borrower.orderNo })}`;
      await page.goto(detail);
      await page.getByTestId('card-list').waitFor();
      await page.getByTestId('add-card').click();
      await page.waitForURL((url) => url.hash.startsWith(`#${HashRoute.addNormalCard}?`));

      // The screen's own texts around Stripe's fields, which are in a frame of Stripe's origin.
      expect(await page.locator('.card-form__intro').textContent()).toBe(text['card.add.intro']);
      const frameElement = page.getByTestId('card-provider-fields').locator('iframe');
      await frameElement.waitFor();
      expect(new URL((await frameElement.getAttribute('src')) ?? '').origin).toBe(server.stripe.url);
      const save = page.getByRole('button', { name: text['card.add.save'] });
      await expect.poll(() => save.isEnabled()).toBe(true);
      const fields = page.frameLocator('[data-testid="card-provider-fields"] iframe');
      const numberLabel = language === 'es' ? 'Número de tarjeta' : 'Card number';
      // Our page cannot reach into the fields: they are another origin's document.
      expect(await page.evaluate(() => document.querySelector<HTMLIFrameElement>('[data-testid="card-provider-fields"] iframe')?.contentDocument ?? null)).toBeNull();
      await fields.getByLabel(numberLabel).pressSequentially(NUMBER);
      const expiryYear = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
      await fields.locator('#expiry').pressSequentially(`12${expiryYear}`);
      await fields.locator('#cvc').pressSequentially('123');
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `card-add-stripe-element-${language}`);
      await expectAccessible(page);

      await save.click();
      await page.waitForURL((url) => url.hash.startsWith(`#${HashRoute.borrowDetail}?`));
      await page.getByTestId('card-list').waitFor();
      expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('cardId')).toMatch(/^\d+$/);
      expect(await page.getByTestId('card-list').textContent()).toContain('•••• 4242');
      await page.locator('.toast').waitFor({ state: 'detached' });
      await screenshot(page, `card-stripe-element-card-chosen-${language}`);

      // Pay with it: an off-session PaymentIntent on the borrower's Customer.
      await page.locator('.card-pay__submit').click();
      const result = page.getByTestId('repayment-result');
      await result.waitFor();
      expect(await result.getAttribute('data-status')).toBe('paid');
      await page.locator('.toast').waitFor({ state: 'detached' });
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `card-stripe-element-paid-${language}`);
      const intent = [...server.stripe.paymentIntents.values()].at(-1);
      expect(intent).toMatchObject({ status: 'succeeded', customer: expect.stringMatching(/^cus_/) });
      expect(server.stripe.intentRequests.at(-1)).toMatchObject({ off_session: 'true', confirm: 'true' });

      // The number went to Stripe's API from Stripe's frame and nowhere else: not from our page, not to our server.
      const carriers = seen.filter(carries);
      expect(carriers.length).toBeGreaterThan(0);
      for (const request of carriers) {
        expect(request.fromOurPage).toBe(false);
        expect(new URL(request.url).origin).toBe(server.stripe.url);
        expect(new URL(request.url).pathname).toMatch(/^\/v1\/setup_intents\/seti_\w+\/confirm$/);
      }
      expect(seen.filter((request) => new URL(request.url).origin === server.baseUrl && carries(request))).toEqual([]);
      expect(seen.some((request) => request.fromOurPage && new URL(request.url).origin === server.baseUrl)).toBe(true);
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href + document.documentElement.outerHTML);
      expect(stored).not.toContain(NUMBER);
    } finally {
      await context.close();
    }
  });
});
