import { AppRoute, MACHINE_BASE, MachinePath } from '@lend/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, openPage, screenshot, sharedBrowser } from './browser';
import { LANGUAGE_CASES } from './languages';
import { SHELL_MARKER } from '../src/app/shell-marker';
import { listProducts, paidOutBorrower } from './session';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
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

const layoutShift = (page: Page) => page.evaluate(() => (Reflect.get(window, '__layoutShift') as { total: number }).total);

describe.each(LANGUAGE_CASES)('borrower screens paint first, then load in $language', ({ flag, language, text }) => {
  let session: { userId: string; sessionId: string };
  let orderNo = '';
  /** Where the frame, painted before any script, puts the screen's title. */
  let frameTitleBox: unknown = null;
  const address = (path: string, extra: Record<string, string> = {}) =>
    `${baseUrl}${path}?${new URLSearchParams({ orderId: orderNo, userId: session.userId, sessionId: session.sessionId, language: flag, ...extra })}`;

  beforeAll(async () => {
    const product = (await listProducts(baseUrl, dataDir)).find((candidate) => candidate.code === 'peso-flex-91');
    if (!product) throw new Error('no product peso-flex-91');
    const borrower = await paidOutBorrower(baseUrl, dataDir, language === 'en' ? '5520000101' : '5520000102', product.id);
    session = borrower;
    orderNo = borrower.orderNo;
  });

  it('the order details page shows its frame, title and loading state before any script has run', async () => {
    const { context, page } = await openPage(browser());
    // Without the app's code the page stays as the server sent it.
    await context.route('**/assets/*.js', (route) => route.abort());
    await page.goto(address(AppRoute.loanDetails));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text['loanDetails.title']);
    frameTitleBox = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(await page.getByRole('status').filter({ hasText: text['loanDetails.loading'] }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.title()).toContain(text['loanDetails.title']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    // The frame is styled without waiting for a stylesheet.
    expect(await page.locator('.screen__bar').evaluate((bar) => getComputedStyle(bar).paddingTop)).toBe('14px');
    await screenshot(page, `order-details-frame-${language}`);
    await expectAccessible(page);
    await context.close();
  });

  it('the order details frame gives way to the screen, which takes the call the page started, once', async () => {
    const { context, page } = await openPage(browser());
    await watchLayoutShifts(context);
    const calls = countCalls(page, MachinePath.loanDetails);
    await page.goto(address(AppRoute.loanDetails));
    const title = page.getByRole('heading', { level: 1 });
    await page.locator('.status__description').waitFor();
    await expect.poll(() => page.locator('#root').getAttribute(SHELL_MARKER)).toBeNull();
    expect(await title.count()).toBe(1);
    expect(frameTitleBox).not.toBeNull();
    expect(await title.boundingBox()).toEqual(frameTitleBox);
    expect(await page.getByRole('status').filter({ hasText: text['loanDetails.loading'] }).count()).toBe(0);
    expect(calls()).toBe(1);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await expectAccessible(page);

    // Another visit within the app asks the server again.
    await page.evaluate((other) => {
      window.history.pushState(null, '', other);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${AppRoute.aboutUs}?language=${flag}`);
    await expect.poll(() => title.textContent()).toBe(text['aboutUs.title']);
    await page.goBack();
    await page.locator('.status__description').waitFor();
    await expect.poll(calls).toBe(2);
    await context.close();
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
    await page.goto(address(AppRoute.loanDetails));
    await page.locator('.status__description').waitFor();
    expect(calls()).toBe(2);
    await context.close();
  });

  it('the installment overview and the complaint home each make their first call once', async () => {
    const { context, page } = await openPage(browser());
    const installment = countCalls(page, MachinePath.installmentDetail);
    await page.goto(address(AppRoute.repayment));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text['repayment.title']);
    await page.getByTestId('repay-amount').waitFor();
    expect(installment()).toBe(1);

    const complaint = countCalls(page, MachinePath.complaintInit);
    await page.goto(address(AppRoute.complaintHome, { orderId: '' }));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text['complaints.home.title']);
    await page.getByRole('heading', { level: 2, name: text['complaints.home.types'] }).waitFor();
    expect(complaint()).toBe(1);
    await expectAccessible(page);
    await context.close();
  });
});
