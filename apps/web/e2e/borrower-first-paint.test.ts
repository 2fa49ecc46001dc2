import { AppRoute, ERROR_MESSAGES, ErrorCode, MACHINE_BASE, MachinePath, PrivacyPath, type ComplaintInit, type ComplaintSaved, type ErrorCodeValue } from '@lend/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPage, screenshot, sharedBrowser } from './browser';
import { LANGUAGE_CASES } from './languages';
import { SCREEN_MARKER, SHELL_MARKER } from '../src/app/shell-marker';
import { borrowerCall, listProducts, paidOutBorrower, runPhone } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();

/** Counts the page's calls to one borrower path. */
function countCalls(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `${MACHINE_BASE}${path}`) count += 1;
  });
  return () => count;
}

/** Sum of the page's layout shifts, as CLS counts them. */
async function watchLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts = { total: 0 };
    Object.defineProperty(window, '__layoutShift', { value: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.total += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Errors the page throws (a hydration that does not match the server's markup is one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

/** The page exactly as the server sent it: no script of the app runs. */
async function withoutScripts(context: BrowserContext): Promise<void> {
  await context.route('**/assets/*.js', (route) => route.abort());
}

const layoutShift = (page: Page) => page.evaluate(() => (Reflect.get(window, '__layoutShift') as { total: number }).total);

describe.each(LANGUAGE_CASES)('borrower screens arrive rendered with their data in $language', ({ flag, language, text }) => {
  let session: { userId: string; sessionId: string };
  let orderNo = '';
  /** Another borrower, with an order of their own. */
  let other: { userId: string; sessionId: string; orderNo: string };
  /** Where the server's page puts the screen's title. */
  let serverTitleBox: unknown = null;
  const address = (path: string, extra: Record<string, string> = {}) =>
    `${baseUrl}${path}?${new URLSearchParams({ orderId: orderNo, userId: session.userId, sessionId: session.sessionId, language: flag, ...extra })}`;
  const refused = (code: ErrorCodeValue) => ERROR_MESSAGES[code][language];

  beforeAll(async () => {
    const product = (await listProducts(baseUrl, dataDir)).find((candidate) => candidate.code === 'peso-flex-91');
    if (!product) throw new Error('no product peso-flex-91');
    const borrower = await paidOutBorrower(baseUrl, dataDir, language === 'en' ? runPhone('5520000101') : runPhone('5520000102'), product.id);
    session = borrower;
    orderNo = borrower.orderNo;
    other = await paidOutBorrower(baseUrl, dataDir, language === 'en' ? runPhone('5520000103') : runPhone('5520000104'), product.id);
  });

  it('the order details page shows the borrower’s own order before any script has run', async () => {
    const { context, page } = await openPage(browser());
    await withoutScripts(context);
    const response = await page.goto(address(AppRoute.loanDetails));
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text['loanDetails.title']);
    serverTitleBox = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(await page.locator('#root').getAttribute(SCREEN_MARKER)).toBe('');
    // The order itself, not a loading state: its number among the rows, its status, its actions.
    await expect.poll(() => page.getByTestId('loan-list').textContent()).toContain(orderNo);
    expect(await page.locator('.status__description').isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: text['loanDetails.loading'] }).count()).toBe(0);
    expect(await page.title()).toContain(text['loanDetails.title']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    // Styled without waiting for a stylesheet.
    expect(await page.locator('.screen__bar').evaluate((bar) => getComputedStyle(bar).paddingTop)).toBe('14px');
    await screenshot(page, `order-details-server-${language}`);
    await expectAccessible(page);
    await context.close();
  });

  it('the browser takes the server’s order details over without asking again, and a later visit asks', async () => {
    const { context, page } = await openPage(browser());
    await watchLayoutShifts(context);
    const errors = collectErrors(page);
    const calls = countCalls(page, MachinePath.loanDetails);
    await page.goto(address(AppRoute.loanDetails));
    const title = page.getByRole('heading', { level: 1 });
    await expect.poll(() => page.locator('#root').getAttribute(SHELL_MARKER)).toBeNull();
    expect(await page.locator('#root').getAttribute(SCREEN_MARKER)).toBeNull();
    expect(await title.count()).toBe(1);
    expect(serverTitleBox).not.toBeNull();
    expect(await title.boundingBox()).toEqual(serverTitleBox);
    expect(await page.getByTestId('loan-list').textContent()).toContain(orderNo);
    expect(calls()).toBe(0);
    expect(errors).toEqual([]);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await expectAccessible(page);

    // The screen is live: another visit within the app asks the server.
    await page.evaluate((next) => {
      window.history.pushState(null, '', next);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${AppRoute.aboutUs}?language=${flag}`);
    await expect.poll(() => title.textContent()).toBe(text['aboutUs.title']);
    await page.goBack();
    await page.locator('.status__description').waitFor();
    await expect.poll(calls).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a wrong session gets the frame, never the order, and the screen shows the refusal', async () => {
    const wrong = address(AppRoute.loanDetails, { sessionId: 'not-a-session' });
    const html = await (await fetch(wrong)).text();
    expect(html).not.toContain(orderNo);
    expect(html).not.toContain(SCREEN_MARKER);

    const { context, page } = await openPage(browser());
    await withoutScripts(context);
    await page.goto(wrong);
    expect(await page.getByRole('status').filter({ hasText: text['loanDetails.loading'] }).isVisible()).toBe(true);
    await context.close();

    const live = await openPage(browser());
    await live.page.goto(wrong);
    await live.page.getByRole('alert').filter({ hasText: refused(ErrorCode.SessionUnknown) }).waitFor();
    await live.context.close();
  });

  it('another borrower’s session never gets this borrower’s order, nor their own in its place', async () => {
    const foreign = address(AppRoute.loanDetails, { userId: other.userId, sessionId: other.sessionId });
    const html = await (await fetch(foreign)).text();
    expect(html).not.toContain(orderNo);
    expect(html).not.toContain(other.orderNo);
    expect(html).not.toContain(SCREEN_MARKER);
    // A session presented for another account is refused as the API refuses it.
    const mixed = await (await fetch(address(AppRoute.loanDetails, { sessionId: other.sessionId }))).text();
    expect(mixed).not.toContain(orderNo);
    expect(mixed).not.toContain(SCREEN_MARKER);
  });

  it('a page call that fails on the way is made again by the screen', async () => {
    const { context, page } = await openPage(browser());
    let failed = false;
    await context.route(`**${MACHINE_BASE}${MachinePath.loanDetails}?*`, (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort('connectionreset');
    });
    const calls = countCalls(page, MachinePath.loanDetails);
    // Refused by the server, the page keeps its frame and its own first call.
    await page.goto(address(AppRoute.loanDetails, { sessionId: 'not-a-session' }));
    await page.getByRole('alert').filter({ hasText: refused(ErrorCode.SessionUnknown) }).waitFor();
    expect(calls()).toBe(2);
    await context.close();
  });

  it('the installment overview and the complaint home arrive with their data and make no call', async () => {
    const { context, page } = await openPage(browser());
    const errors = collectErrors(page);
    const installment = countCalls(page, MachinePath.installmentDetail);
    await page.goto(address(AppRoute.repayment));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text['repayment.title']);
    expect(await page.getByTestId('repay-amount').isVisible()).toBe(true);
    await expect.poll(() => page.locator('#root').getAttribute(SHELL_MARKER)).toBeNull();
    expect(installment()).toBe(0);
    await screenshot(page, `installment-overview-server-${language}`);

    const complaint = countCalls(page, MachinePath.complaintInit);
    await page.goto(address(AppRoute.complaintHome, { orderId: '' }));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text['complaints.home.title']);
    expect(await page.getByRole('heading', { level: 2, name: text['complaints.home.types'] }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('#root').getAttribute(SHELL_MARKER)).toBeNull();
    expect(complaint()).toBe(0);
    expect(errors).toEqual([]);
    await screenshot(page, `complaint-home-server-${language}`);
    await expectAccessible(page);
    await context.close();
  });

  it('the complaint form and details, the loan confirmation, the privacy centre and both agreement pages arrive with their data and make no call', async () => {
    const query = { userId: session.userId, sessionId: session.sessionId };
    const init = await borrowerCall<ComplaintInit>(baseUrl, query, MachinePath.complaintInit, {});
    const type = init.problemType.find((option) => !init.problemSonType.some((son) => son.parentValue === option.value)) ?? init.problemType[0];
    if (!type) throw new Error('no complaint type');
    const filed = await borrowerCall<ComplaintSaved>(baseUrl, query, MachinePath.complaintSave, {
      problemType: String(type.value),
      problemSonType: '',
      problemDetail: 'La referencia de pago no aparece en mi pedido.',
      orderNo,
    });
    // A product this borrower has no order on, so the confirmation shows its offer.
    const product = (await listProducts(baseUrl, dataDir)).find((candidate) => candidate.code === 'peso-plus-120');
    if (!product) throw new Error('no product peso-plus-120');

    const screens: { path: string; extra: Record<string, string>; call: string; heading: string; content: (page: Page) => Promise<boolean> }[] = [
      {
        path: AppRoute.complaintNext,
        extra: { orderId: '', problemType: String(type.value), problemSonType: '', orderNo },
        call: MachinePath.complaintInit,
        heading: text['complaints.next.title'],
        content: (page) => page.getByRole('textbox').isVisible(),
      },
      {
        path: AppRoute.complaintDetails,
        extra: { orderId: '', problemId: String(filed.problemId) },
        call: MachinePath.complaintDetail,
        heading: text['complaints.details.title'],
        content: async (page) => (await page.getByTestId('content').textContent()) === 'La referencia de pago no aparece en mi pedido.',
      },
      {
        path: AppRoute.loanConfirm,
        extra: { orderId: '', productId: String(product.id) },
        call: MachinePath.loanConfirm,
        heading: text['loanConfirm.title'],
        content: (page) => page.getByRole('button', { name: text['loanConfirm.submit'] }).isVisible(),
      },
      {
        path: AppRoute.privacyCentre,
        extra: { orderId: '' },
        call: PrivacyPath.overview,
        heading: text['privacy.title'],
        content: (page) => page.getByRole('switch').first().isVisible(),
      },
      { path: AppRoute.agreement, extra: {}, call: MachinePath.contractDetail, heading: text['agreement.title'], content: (page) => page.locator('#terms-heading').isVisible() },
      {
        path: AppRoute.periodAgreement,
        extra: { orderId: '', productId: String(product.id) },
        call: MachinePath.contractDetail,
        heading: text['agreement.periodTitle'],
        content: (page) => page.locator('.schedule-table').isVisible(),
      },
    ];
    for (const screen of screens) {
      // As the server sent it: the screen with its data, before any script has run.
      const bare = await openPage(browser());
      await withoutScripts(bare.context);
      await bare.page.goto(address(screen.path, screen.extra));
      expect(await bare.page.getByRole('heading', { level: 1 }).textContent()).toBe(screen.heading);
      expect(await screen.content(bare.page)).toBe(true);
      await bare.context.close();

      // Taken over by the browser without asking again.
      const { context, page } = await openPage(browser());
      const errors = collectErrors(page);
      const calls = countCalls(page, screen.call);
      await page.goto(address(screen.path, screen.extra));
      await expect.poll(() => page.locator('#root').getAttribute(SHELL_MARKER)).toBeNull();
      expect(await screen.content(page)).toBe(true);
      expect(calls()).toBe(0);
      expect(errors).toEqual([]);
      await screenshot(page, `${screen.path.slice(1)}-server-${language}`);
      await context.close();
    }
  });
});

describe.each(LANGUAGE_CASES)('a screen without data paints its frame before any script in $language (docs/decisions/240)', ({ flag, text }) => {
  it('/signIn: no script nor preload in the page as sent; its scripts are added once it has painted, and the screen takes over', async () => {
    const { context, page } = await openPage(browser());
    try {
      const address = `${baseUrl}${AppRoute.signIn}?language=${flag}`;
      const sent = await (await context.request.get(address)).text();
      expect(sent).not.toContain('rel="modulepreload"');
      expect(sent).not.toMatch(/<script[^>]*\bsrc=/);
      // Without its scripts the page still shows the sign-in screen as it first renders.
      const bare = await context.newPage();
      await withoutScripts(context);
      await bare.goto(address);
      await bare.getByRole('heading', { level: 1, name: text['signIn.title'] }).waitFor();
      expect(await bare.locator(`#root[${SHELL_MARKER}]`).count()).toBe(1);
      await context.unrouteAll();
      await bare.close();

      const errors = collectErrors(page);
      await page.goto(address);
      await page.locator(`#root:not([${SHELL_MARKER}])`).waitFor({ state: 'attached' });
      expect(await page.locator('head script[type="module"][src]').count()).toBe(1);
      expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(0);
      await page.getByLabel(text['signIn.phone']).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
