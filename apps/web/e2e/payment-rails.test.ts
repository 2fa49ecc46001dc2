import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { AppRoute, type ProductSummary } from '@lend/contracts';
import { formatAmount, formatDateTimeMinutes } from '@lend/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, STAND_IN_STRIPE_KEY, type StripeStandIn } from '../../server/test/stand-ins/stripe-stand-in';
import { STAND_IN_KEY_ID, STAND_IN_KEY_SECRET } from '../../server/test/stand-ins/razorpay-stand-in';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenshot, sharedBrowser } from './browser';
import { startConfiguredServer } from './configured-server';
import { freePort } from './global-setup';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { paidOutBorrower, runPhone } from './session';

/**
 * What a borrower sees when the real rails are configured (docs/decisions/115, 121): this file
 * starts its own compiled server with Mexico on Stripe (the stand-in answering over HTTP) and India
 * on Razorpay (the stand-in loaded into the server process), as docs/decisions/130 says.
 */
const root = resolve(import.meta.dirname, '../../..');
const razorpayPreload = resolve(root, 'apps/server/test/stand-ins/razorpay-preload.ts');
const browser = sharedBrowser();

type Rails = { baseUrl: string; dataDir: string; stripe: StripeStandIn; stop: () => Promise<void> };

/**
 * The Razorpay stand-in as one CommonJS file beside the data folder, nock included: loaded with
 * `node --import`, it adds no TypeScript loader to the server's start.
 */
async function bundledRazorpayPreload(dir: string): Promise<string> {
  const outfile = join(dir, 'razorpay-preload.cjs');
  await build({ entryPoints: [razorpayPreload], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
  return outfile;
}

async function startRailsServer(): Promise<Rails> {
  const [stripe, port] = await Promise.all([startStripeStandIn(), freePort()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'lend-e2e-rails-'));
  const preload = await bundledRazorpayPreload(dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    CASH_PAYMENT_PROVIDER_MX: 'stripe',
    STRIPE_SECRET_KEY: STAND_IN_STRIPE_KEY,
    STRIPE_API_BASE_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: 'whsec_e2eRails0123456789abcdef',
    STRIPE_BILLING_EMAIL: 'pagos@lend.example',
    CASH_PAYMENT_PROVIDER_IN: 'razorpay',
    RAZORPAY_KEY_ID: STAND_IN_KEY_ID,
    RAZORPAY_KEY_SECRET: STAND_IN_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: 'e2e-rails-razorpay-secret',
  };
  const { stop } = await startConfiguredServer({ port, dataDir, env, nodeArgs: ['--import', preload], after: () => stripe.close() });
  return { baseUrl, dataDir, stripe, stop };
}

/** Each market's borrower (a phone of that market) and product; a reference asked for again in the other language is the same one. */
const MARKETS = { MX: { phone: runPhone('5510000701'), product: 'peso-plus-120' }, IN: { phone: runPhone('9810000702'), product: 'rupee-plus-180' } } as const;
type MarketCode = keyof typeof MARKETS;

describe('repayment screens on the real rails', () => {
  let rails: Rails;
  let page: Page;
  const orders = {} as Record<MarketCode, { userId: string; sessionId: string; orderNo: string }>;

  beforeAll(async () => {
    rails = await startRailsServer();
    const products = operatorCliJsonLines(rails.baseUrl, rails.dataDir, ['product', 'list']) as ProductSummary[];
    const productId = (code: string) => products.find((p) => p.code === code)?.id ?? 0;
    const [mx, india] = await Promise.all(
      (['MX', 'IN'] as const).map((market) => paidOutBorrower(rails.baseUrl, rails.dataDir, MARKETS[market].phone, productId(MARKETS[market].product), market)),
    );
    if (!mx || !india) throw new Error('no borrowers');
    orders.MX = mx;
    orders.IN = india;
    ({ page } = await openPage(browser()));
  });
  afterAll(async () => {
    await page?.context().close();
    await rails?.stop();
  });

  /** The overview of the market's order in a language; answers each place's instruction address and the code it shows, by its pay code. */
  async function overview(market: MarketCode, flag: string): Promise<Map<string, { href: string; code: string | null }>> {
    const { userId, sessionId, orderNo } = orders[market];
    await gotoScreen(page, `${rails.baseUrl}${AppRoute.repayment}?${new URLSearchParams({ userId, sessionId, orderId: orderNo, language: flag })}`);
    await page.getByTestId('repay-amount').waitFor();
    const links = page.getByTestId('repay-channels').locator('.channel');
    const places = new Map<string, { href: string; code: string | null }>();
    for (const row of await links.all()) {
      const code = row.getByTestId('channel-reference');
      places.set((await row.getAttribute('data-pay-code')) ?? '', {
        href: new URL((await row.locator('.channel__link').getAttribute('href')) ?? '', rails.baseUrl).href,
        code: (await code.count()) > 0 ? await code.getAttribute('data-code') : null,
      });
    }
    return places;
  }

  async function instruction(place: { href: string } | undefined): Promise<void> {
    await gotoScreen(page, place?.href ?? '');
    await page.getByTestId('instruction-code').waitFor();
  }

  async function check(name: string): Promise<void> {
    await expectNoHorizontalOverflow(page);
    await screenshot(page, name);
    await expectAccessible(page);
  }

  /** What an element shows; for a code shown in groups, the code itself (`data-code`), as the provider knows it. */
  const text = async (testId: string) => {
    const element = page.getByTestId(testId);
    return (await element.getAttribute('data-code')) ?? element.textContent();
  };
  /** The intent Stripe made whose next action shows this value under this key (an OXXO number, a SPEI reference). */
  const intentShowing = (action: string, key: string, value: string) =>
    [...rails.stripe.intents.values()].find((intent) => (intent.next_action?.[action] as Record<string, unknown> | undefined)?.[key] === value);
  const steps = () => page.locator('.instruction-section').first().textContent();

  describe.each(LANGUAGE_CASES)('in $language', ({ flag, language, text: t }) => {
    it('Mexico: the OXXO voucher with its number, barcode, deadline and printable voucher; SPEI to the borrower’s own CLABE', async () => {
      const places = await overview('MX', flag);
      await check(`rails-mx-overview-${language}`);

      await instruction(places.get('tienda-demo'));
      const number = (await text('instruction-code')) ?? '';
      const intent = intentShowing('oxxo_display_details', 'number', number);
      const oxxo = intent?.next_action?.oxxo_display_details as { number: string; expires_after: number; hosted_voucher_url: string } | undefined;
      expect(number).toMatch(/^\d{18}$/);
      expect(places.get('tienda-demo')?.code).toBe(number);
      expect(oxxo).toBeDefined();
      expect(intent?.metadata.orderNo).toBe(orders.MX.orderNo);
      expect(await text('instruction-amount')).toBe(formatAmount(intent?.amount ?? 0, 'MX'));
      expect(await page.getByTestId('instruction-barcode').isVisible()).toBe(true);
      // Stripe's deadline, told in Mexico's own time.
      expect(await text('instruction-expiry')).toBe(
        fill(t['instruction.validUntilZone'], { time: formatDateTimeMinutes(new Date((oxxo?.expires_after ?? 0) * 1000), 'MX'), zone: t['instruction.zone.MX'] }),
      );
      const voucher = page.getByTestId('instruction-voucher');
      expect(await voucher.getAttribute('href')).toBe(oxxo?.hosted_voucher_url);
      expect(await voucher.getAttribute('target')).toBe('_blank');
      await check(`rails-mx-oxxo-${language}`);

      await instruction(places.get('banco-demo'));
      const reference = (await text('instruction-code')) ?? '';
      const spei = intentShowing('display_bank_transfer_instructions', 'reference', reference);
      expect(spei?.metadata.orderNo).toBe(orders.MX.orderNo);
      expect(await text('instruction-amount')).toBe(formatAmount(spei?.amount ?? 0, 'MX'));
      const customer = rails.stripe.customers.get(spei?.customer ?? '');
      expect(customer).toBeDefined();
      // The overview offers the borrower's own CLABE, not the intent's reference.
      expect(await text('instruction-clabe')).toMatch(/^\d{18}$/);
      expect(places.get('banco-demo')?.code).toBe(await text('instruction-clabe'));
      expect(await text('instruction-bank')).toBe('BANAMEX');
      expect(await text('instruction-beneficiary')).toBe('Lend Demo SA de CV');
      // The steps send the transfer to that account, not to the reference.
      expect(await steps()).toContain('Lend Demo SA de CV');
      await check(`rails-mx-spei-${language}`);
    });

    it('India: the UPI QR code to scan or open in a UPI app; Smart Collect to the borrower’s own account', async () => {
      const places = await overview('IN', flag);
      await check(`rails-in-overview-${language}`);

      await instruction(places.get('cashpoint-demo'));
      const qrId = (await text('instruction-code')) ?? '';
      expect(qrId).toMatch(/^qr_[a-f0-9]+$/);
      expect(places.get('cashpoint-demo')?.code).toBeNull();
      // The QR code is on the screen, drawn from the UPI link it holds, which also opens a UPI app on this phone.
      const qr = page.getByRole('img', { name: t['instruction.upiQrAlt'] });
      expect(await qr.isVisible()).toBe(true);
      expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const upiApp = page.getByRole('link', { name: t['instruction.upiApp'] });
      const intent = new URL((await upiApp.getAttribute('href')) ?? '');
      expect(intent.protocol).toBe('upi:');
      const amountShown = Number(((await text('instruction-amount')) ?? '').replace(/[^\d.]/g, ''));
      expect(Number(intent.searchParams.get('am'))).toBe(amountShown);
      expect(intent.searchParams.get('tr')).toBe(`RZP${qrId.slice(3)}qrv2`);
      // No till scans a UPI code: no barcode, and Razorpay's page of the same QR code is not linked.
      expect(await page.getByTestId('instruction-barcode').count()).toBe(0);
      expect(await page.getByTestId('instruction-upi').count()).toBe(0);
      await check(`rails-in-upi-${language}`);

      await instruction(places.get('bank-demo-in'));
      expect(await text('instruction-code')).toMatch(new RegExp(`^${orders.IN.orderNo}-1-\\d+-0$`));
      expect(await text('instruction-account')).toMatch(/^2223330\d{9}$/);
      expect(places.get('bank-demo-in')?.code).toBe(await text('instruction-account'));
      expect(await text('instruction-ifsc')).toBe('RATN0VAAPIS');
      expect(await text('instruction-bank')).toBe('RBL Bank');
      expect(await text('instruction-beneficiary')).toBe('Lend Demo');
      expect(await steps()).toContain('Lend Demo');
      await check(`rails-in-smart-collect-${language}`);
    });
  });
});
