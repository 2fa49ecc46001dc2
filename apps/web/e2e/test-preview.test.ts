import {
  AppRoute,
  DEFAULT_MERCHANT_NUMBER,
  DEV_PREVIEW_DEFAULTS_PATH,
  HashRoute,
  loanDetailsSchema,
  MACHINE_BASE,
  MachinePath,
  previewDefaultsSchema,
  RequestType,
  type LoanDetails,
  type PreviewDefaults,
} from '@lend/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, sharedBrowser, openPage, screenshot } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { ownServer } from './own-server';

const { baseUrl } = ownServer();
const browser = sharedBrowser();

// A 1x1 transparent PNG.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The server's preview defaults, as the preview screen loads them. */
async function previewDefaults(): Promise<PreviewDefaults> {
  return previewDefaultsSchema.parse(await (await fetch(`${baseUrl}${DEV_PREVIEW_DEFAULTS_PATH}`)).json());
}

/**
 * Opens the preview and answers the defaults the screen itself was given: each server process
 * mints its own demo sessions (docs/decisions/194), so behind a balancer a second read may name
 * another session than the page's links carry.
 */
async function openPreview(page: Page, flag: string): Promise<PreviewDefaults> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === DEV_PREVIEW_DEFAULTS_PATH);
  await page.goto(`${baseUrl}${AppRoute.testPreview}?language=${flag}`);
  return previewDefaultsSchema.parse(await (await answer).json());
}

async function loanDetails(session: { userId: string; sessionId: string }, orderId: string, language: string): Promise<LoanDetails> {
  const query = new URLSearchParams({ ...session, language });
  const response = await fetch(`${baseUrl}${MACHINE_BASE}${MachinePath.loanDetails}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ orderId }).toString(),
  });
  return loanDetailsSchema.parse(((await response.json()) as { data: unknown }).data);
}

const fieldValue = (page: Page, name: string) => page.locator(`[name="${name}"]`).inputValue();
const hrefOf = async (page: Page, name: string) => (await page.getByRole('link', { name, exact: true }).getAttribute('href')) ?? '';

describe.each(LANGUAGE_CASES)('developer preview in $language', ({ flag, language, text }) => {
  it('prefills the fields and builds every page address from them', async () => {
    const { context, page } = await openPage(browser());
    const defaults = await openPreview(page, flag);
    await page.getByRole('heading', { name: text['preview.pages'] }).waitFor();

    const userId = await fieldValue(page, 'userId');
    const sessionId = await fieldValue(page, 'sessionId');
    expect(userId).not.toBe('');
    expect(sessionId).not.toBe('');
    expect(await fieldValue(page, 'language')).toBe(flag);
    await page.locator('[name="orderId"]').fill('777');
    await page.locator('[name="productId"]').fill('55');
    await page.locator('[name="appVersion"]').fill('9.9.9');

    const expectedQuery = {
      deviceId: await fieldValue(page, 'deviceId'),
      appVersion: '9.9.9',
      userId,
      sessionId,
      merchantNumber: DEFAULT_MERCHANT_NUMBER,
      language: flag,
      orderId: '777',
      productId: '55',
    };
    const instruction = { amount: defaults.instructionAmount, payCode: defaults.instructionPayCode, requestType: RequestType.Channel };
    // Other files move the shared server's clock; with no order extendable any more, the typed one is kept.
    const extension: Record<string, string> = defaults.extensionOrderId
      ? { orderId: defaults.extensionOrderId, productId: defaults.extensionProductId }
      : {};
    const pages: [string, string, Record<string, string>][] = [
      // The confirmation opens a product a demo borrower may borrow on now, as that borrower.
      [
        text['preview.link.loanConfirm'],
        AppRoute.loanConfirm,
        { userId: defaults.confirmUserId, sessionId: defaults.confirmSessionId, productId: defaults.confirmProductId },
      ],
      [text['preview.link.loanDetails'], AppRoute.loanDetails, {}],
      [text['preview.link.repayment'], AppRoute.repayment, {}],
      // The extension screen opens the order an extension is allowed for, whatever order was typed.
      [text['preview.link.delay'], AppRoute.delay, extension],
      [text['preview.link.aboutUs'], AppRoute.aboutUs, {}],
      // The complaint screen names the order by its numeric id.
      [text['preview.link.complaint'], AppRoute.complaintHome, { orderId: defaults.complaintOrderId }],
      [text['preview.link.customerService'], AppRoute.customerService, {}],
      [text['preview.link.privacyPolicy'], AppRoute.privacyPolicy, {}],
      [text['preview.link.repaymentInstruction'], AppRoute.repaymentInstruction, instruction],
    ];
    for (const [label, path, extra] of pages) {
      const url = new URL(await hrefOf(page, label), baseUrl);
      expect(url.pathname, label).toBe(path);
      const expected: Record<string, string> = { ...expectedQuery, ...extra };
      if (path === AppRoute.loanConfirm) delete expected.orderId;
      expect(Object.fromEntries(url.searchParams), label).toEqual(expected);
    }
    const bindBank = await hrefOf(page, text['preview.link.bindBank']);
    expect(bindBank.startsWith(`/#${HashRoute.addNormalCard}?`)).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(bindBank.split('?')[1]))).toEqual(expectedQuery);

    await expectNoHorizontalOverflow(page);
    await screenshot(page, `test-preview-${language}`);
    await expectAccessible(page);

    // The session the preview hands out is real: customer service answers with it.
    await page.getByRole('link', { name: text['preview.link.customerService'], exact: true }).click();
    await page.locator('[data-contact="telephone"]').waitFor();
    await context.close();
  });

  /*
   * Each link carries the order its screen needs (checked through the borrower API), and opening it
   * shows that screen with the order's figures, never the not-found screen.
   */
  it('opens repayment on an order being repaid, extension on one that may be extended, and the instruction with its amount', async () => {
    const defaults = await previewDefaults();
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}${AppRoute.testPreview}?language=${flag}`);
    await page.getByRole('heading', { name: text['preview.pages'] }).waitFor();
    const session = { userId: defaults.userId, sessionId: defaults.sessionId };
    const linkQuery = async (label: string) => {
      const url = new URL(await hrefOf(page, label), baseUrl);
      return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
    };

    const repayment = await linkQuery(text['preview.link.repayment']);
    expect(repayment).toMatchObject({ path: AppRoute.repayment, query: { orderId: defaults.orderId, productId: defaults.productId } });
    expect([170, 174, 180]).toContain((await loanDetails(session, defaults.orderId, flag)).orderStatus);

    // The demo's overdue order may be extended until another file runs the shared clock past its window.
    const extendable = defaults.extensionOrderId !== '';
    if (extendable) {
      const delay = await linkQuery(text['preview.link.delay']);
      expect(delay).toMatchObject({ path: AppRoute.delay, query: { orderId: defaults.extensionOrderId, productId: defaults.extensionProductId } });
      expect((await loanDetails(session, defaults.extensionOrderId, flag)).isDelay).toBe('1');
    }

    const instruction = await linkQuery(text['preview.link.repaymentInstruction']);
    expect(instruction).toMatchObject({
      path: AppRoute.repaymentInstruction,
      query: { orderId: defaults.orderId, amount: defaults.instructionAmount, payCode: defaults.instructionPayCode, requestType: RequestType.Channel },
    });
    expect(Number(defaults.instructionAmount)).toBeGreaterThan(0);

    const screens: [string, string][] = [
      [text['preview.link.repayment'], 'repay-amount'],
      ...(extendable ? ([[text['preview.link.delay'], 'delay-amount']] as [string, string][]) : []),
      [text['preview.link.repaymentInstruction'], 'instruction-amount'],
    ];
    for (const [label, figure] of screens) {
      await page.goto(`${baseUrl}${AppRoute.testPreview}?language=${flag}`);
      await page.getByRole('link', { name: label, exact: true }).click();
      await page.getByTestId(figure).waitFor();
      expect(await page.getByRole('heading', { name: text['notFound.title'] }).count(), label).toBe(0);
    }
    await context.close();
  });

  it('every link opens a working screen: no refused call, no error, no not-found', async () => {
    const { context, page } = await openPage(browser());
    const refusals: string[] = [];
    page.on('response', async (response) => {
      if (!new URL(response.url()).pathname.startsWith(MACHINE_BASE)) return;
      const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
      if (body && body.code !== 0) refusals.push(`${new URL(response.url()).pathname} ${body.code} ${body.message}`);
    });
    const labels = [
      'preview.link.loanConfirm',
      'preview.link.loanDetails',
      'preview.link.repayment',
      'preview.link.delay',
      'preview.link.bindBank',
      'preview.link.aboutUs',
      'preview.link.complaint',
      'preview.link.customerService',
      'preview.link.privacyPolicy',
      'preview.link.repaymentInstruction',
    ] as const;
    // Other files of this worker move the shared server's clock: once no demo order may be
    // extended any more, the extension link has no order to open, which its own test covers.
    const extendable = (await previewDefaults()).extensionOrderId !== '';
    for (const key of labels) {
      if (key === 'preview.link.delay' && !extendable) continue;
      const label = text[key];
      await page.goto(`${baseUrl}${AppRoute.testPreview}?language=${flag}`);
      await page.getByRole('heading', { name: text['preview.pages'] }).waitFor();
      const href = await hrefOf(page, label);
      await page.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((url) => `${url.pathname}${url.hash}`.startsWith(href.split('?')[0] ?? href));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => page.locator('.loading').count()).toBe(0);
      expect(await page.locator('.notice--error').count(), label).toBe(0);
      expect(await page.getByRole('heading', { name: text['notFound.title'] }).count(), label).toBe(0);
      expect(refusals, label).toEqual([]);
      await screenshot(page, `test-preview-opens-${key.replace('preview.link.', '')}-${language}`);
    }
    await context.close();
  });

  it("opens the pages as India's demo borrower, with their own session, order and product, its texts in the language chosen", async () => {
    const { context, page } = await openPage(browser());
    const mexico = await openPreview(page, flag);
    await page.getByRole('heading', { name: text['preview.pages'] }).waitFor();
    expect(mexico.market).toBe('MX');
    expect(await page.getByTestId('preview-borrower-name').textContent()).toBe(fill(text['preview.borrowerName'], { name: mexico.borrowerName }));

    const answer = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === DEV_PREVIEW_DEFAULTS_PATH && url.searchParams.get('market') === 'IN';
    });
    await page.locator('[name="market"]').selectOption('IN');
    const india = previewDefaultsSchema.parse(await (await answer).json());
    expect(india).toMatchObject({ market: 'IN', borrowerName: 'Ravi Demo Sharma' });
    for (const key of ['userId', 'sessionId', 'orderId', 'productId'] as const) expect(india[key], key).not.toBe(mexico[key]);
    await expect.poll(() => fieldValue(page, 'userId')).toBe(india.userId);
    expect(await fieldValue(page, 'orderId')).toBe(india.orderId);
    // The language chosen stays with the other market's borrower.
    expect(await fieldValue(page, 'language')).toBe(flag);
    expect(await page.getByTestId('preview-borrower-name').textContent()).toBe(fill(text['preview.borrowerName'], { name: india.borrowerName }));
    const repayment = new URL(await hrefOf(page, text['preview.link.repayment']), baseUrl);
    expect(Object.fromEntries(repayment.searchParams)).toMatchObject({ userId: india.userId, sessionId: india.sessionId, orderId: india.orderId, productId: india.productId, language: flag });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `test-preview-india-${language}`);
    await expectAccessible(page);

    // The other language: the preview's own texts switch with the links.
    const other = LANGUAGE_CASES.find((entry) => entry.flag !== flag);
    if (!other) throw new Error('one language only');
    await page.locator('[name="language"]').selectOption(other.flag);
    await page.getByRole('heading', { name: other.text['preview.pages'] }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(other.language);
    expect(await fieldValue(page, 'market')).toBe('IN');
    expect(await page.locator('label', { has: page.locator('[name="market"]') }).locator('span').textContent()).toBe(other.text['preview.market']);
    const switched = new URL(await hrefOf(page, other.text['preview.link.repayment']), baseUrl);
    expect(switched.searchParams.get('language')).toBe(other.flag);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `test-preview-india-in-${other.language}-from-${language}`);

    // The repayment link opens India's loan, in rupees.
    await page.getByRole('link', { name: other.text['preview.link.repayment'], exact: true }).click();
    await page.getByTestId('repay-amount').waitFor();
    expect(await page.getByTestId('repay-amount').textContent()).toMatch(/^₹[\d,]+\.\d{2}$/);
    await context.close();
  });

  it('previews a chosen photo, takes a contact name and shows the location', async () => {
    const context = await browser().newContext({
      viewport: { width: 360, height: 740 },
      permissions: ['geolocation'],
      geolocation: { latitude: 19.4326, longitude: -99.1332 },
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${AppRoute.testPreview}?language=${flag}`);
    await page.getByLabel(text['preview.choosePhoto']).setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL });
    expect(await page.getByRole('img', { name: text['preview.photoPreview'] }).isVisible()).toBe(true);
    expect(await page.getByText('pixel.png').isVisible()).toBe(true);
    await page.getByLabel(text['preview.contactName']).fill('Ana');
    await page.getByRole('button', { name: text['preview.location'] }).click();
    await expect
      .poll(() => page.locator('.preview__location').textContent())
      .toBe(text['preview.locationResult'].replace('{latitude}', '19.43260').replace('{longitude}', '-99.13320'));
    await screenshot(page, `test-preview-device-${language}`);
    await expectAccessible(page);
    await context.close();
  });

  it('explains a refused location in the borrower language', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}${AppRoute.testPreview}?language=${flag}`);
    await page.getByRole('button', { name: text['preview.location'] }).click();
    await expect
      .poll(() => page.locator('.preview__location').textContent())
      .toBeOneOf([text['preview.locationDenied'], text['preview.locationUnavailable']]);
    await context.close();
  });
});
