import { AppRoute, ERROR_MESSAGES, ErrorCode, LoanStatus, MachinePath, type OrderSummary, type ProductSummary } from '@lend/contracts';
import { formatAmount } from '@lend/domain';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedCode } from '../src/ui/grouped-code';
import { bridgeMessages, recordBridgeMessages } from './bridge-recorder';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, linesOf, openPage, screenshot, sharedBrowser } from './browser';
import { LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { approvedSession, runPhone } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();
const cli = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);

/** Each language its own Mexican borrower, so no order here is another test's. */
const PHONES = { en: runPhone('5510023401'), es: runPhone('5510023402') } as const;

/** Two boxes on screen share some of their area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  if (!first || !second) throw new Error('an element is not on screen');
  return first.x < second.x + second.width && second.x < first.x + first.width && first.y < second.y + second.height && second.y < first.y + first.height;
}

describe.each(LANGUAGE_CASES)('what a borrower meets, in $language', ({ flag, language, text }) => {
  let session: { userId: string; sessionId: string };
  let context: BrowserContext;
  let page: Page;
  let products: ProductSummary[] = [];
  const address = (path: string, extra: Record<string, string> = {}) =>
    `${baseUrl}${path}?${new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag, ...extra })}`;
  const productId = (code: string) => String(products.find((p) => p.code === code)?.id ?? '');

  /** An order confirmed on its screen, approved and paid out. */
  async function paidOutOrder(code: string): Promise<string> {
    await gotoScreen(page, address(AppRoute.loanConfirm, { productId: productId(code) }));
    await page.getByRole('button', { name: text['loanConfirm.submit'] }).click();
    await page.waitForURL(/\/loanDetails\?/);
    const orderNo = new URL(page.url()).searchParams.get('orderId') ?? '';
    cli('order', 'approve', orderNo);
    cli('order', 'disburse', orderNo);
    return orderNo;
  }

  beforeAll(async () => {
    session = await approvedSession(baseUrl, dataDir, PHONES[language]);
    products = cli('product', 'list') as ProductSummary[];
    ({ context, page } = await openPage(browser()));
    await recordBridgeMessages(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  });
  afterAll(async () => context?.close());

  it('asks for the rating of a settled loan once: never while it is repaid, and never again once the borrower closes it, on any device', async () => {
    const orderNo = await paidOutOrder('peso-flex-91');
    const details = address(AppRoute.loanDetails, { orderId: orderNo });
    const rating = page.getByRole('dialog', { name: text['loanDetails.rateTitle'] });

    // Paid out today: the status and Pay are the borrower's, nothing covers them.
    await gotoScreen(page, details);
    await expect.poll(() => page.locator('.status').getAttribute('data-status')).toBe(String(LoanStatus.Disbursed));
    expect(await rating.isVisible()).toBe(false);
    const pay = page.getByRole('link', { name: text['loanDetails.repay'], exact: true });
    const onTop = await pay.evaluate((link) => {
      link.scrollIntoView({ block: 'center' });
      const box = link.getBoundingClientRect();
      return link.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    expect(onTop).toBe(true);

    // Settled: asked once.
    const [order] = (cli('order', 'list', '--user', session.userId) as OrderSummary[]).filter((o) => o.orderNo === orderNo);
    cli('payment', 'record', '--order', orderNo, '--amount', ((order?.totalRepayableMinor ?? 0) / 100).toFixed(2), '--reference-note', `settle ${orderNo}`, '--by', 'e2e');
    await gotoScreen(page, details);
    await expect.poll(() => page.locator('.status').getAttribute('data-status')).toBe(String(LoanStatus.Settled));
    await rating.waitFor();
    // Sent without a star: said in the dialog, under the stars, where a toast would sit under its mask.
    await rating.getByRole('button', { name: text['loanDetails.rateSend'] }).click();
    await expect.poll(() => rating.getByRole('alert').textContent()).toBe(text['loanDetails.rateRequired']);
    expect(await page.locator('.toast').count()).toBe(0);
    await screenshot(page, `rating-settled-asked-${language}`);
    await expectAccessible(page);

    // Closed without rating: the server keeps it, for this order.
    const dismissed = page.waitForResponse((response) => response.url().includes(MachinePath.loanScoreDismiss));
    await rating.getByRole('button', { name: text['loanDetails.rateCancel'] }).click();
    await rating.waitFor({ state: 'hidden' });
    expect(((await (await dismissed).json()) as { code: number }).code).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('.status').getAttribute('data-status')).toBe(String(LoanStatus.Settled));
    await page.getByRole('button', { name: text['loanDetails.borrowAgain'] }).waitFor();
    expect(await rating.isVisible()).toBe(false);
    await screenshot(page, `rating-settled-closed-${language}`);

    // Nor on another device of the borrower.
    const other = await openPage(browser());
    try {
      await gotoScreen(other.page, details);
      await expect.poll(() => other.page.locator('.status').getAttribute('data-status')).toBe(String(LoanStatus.Settled));
      await other.page.getByRole('button', { name: text['loanDetails.borrowAgain'] }).waitFor();
      expect(await other.page.getByRole('dialog', { name: text['loanDetails.rateTitle'] }).isVisible()).toBe(false);
    } finally {
      await other.context.close();
    }
  });

  it("says the store's own fee where the amount is, shows the reference in groups and copies it as digits, with toasts clear of the button pressed", async () => {
    const orderNo = await paidOutOrder('peso-plus-120');
    await gotoScreen(page, address(AppRoute.repaymentInstruction, { orderId: orderNo, amount: '30000', payCode: 'tienda-demo', requestType: '1' }));
    const code = page.getByTestId('instruction-code');
    await code.waitFor();

    // The amount to hand over, and what of it is the store's fee ($12.00 at Tienda Demo).
    expect(await page.getByTestId('instruction-total').textContent()).toBe(formatAmount(30_000 + 1_200, 'MX'));
    expect(await page.getByTestId('instruction-amount').textContent()).toBe('$300.00');
    expect(await page.getByTestId('instruction-fee').textContent()).toBe('$12.00');
    const description = (await page.locator('.instruction-main > p').first().textContent()) ?? '';
    expect(description).toContain(language === 'en' ? 'Hand over $312.00 at the till: $300.00 for your loan and $12.00' : 'Entregue $312.00 en caja: $300.00 para su préstamo y $12.00');
    expect(await page.locator('.instruction-section').first().textContent()).toContain('$312.00');

    // The reference in groups of four, on one line; the figures in the sentences whole.
    const reference = (await code.getAttribute('data-code')) ?? '';
    expect(reference).toMatch(/^\d{14,}$/);
    expect(await code.textContent()).toBe(groupedCode(reference));
    expect(await code.textContent()).toMatch(/^\d{4} \d{4} \d{4}/);
    expect(await linesOf(code)).toEqual([1]);
    expect(new Set(await linesOf(page.locator('.instruction-main .whole, .instruction-section .whole')))).toEqual(new Set([1]));

    // Copied by its button, or by selecting it: the digits only.
    const copy = page.getByRole('button', { name: text['instruction.copyReference'].replace('{code}', reference) });
    await copy.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await copy.click();
    const toast = page.locator('.toast');
    await expect.poll(() => toast.textContent()).toBe(text['common.copied']);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    // The toast keeps clear of the button just pressed, low in the window: it shows at the top.
    expect(await toast.getAttribute('data-place')).toBe('top');
    expect(await overlap(toast, copy)).toBe(false);
    await screenshot(page, `instruction-fee-copied-${language}`);
    await toast.waitFor({ state: 'detached', timeout: 5_000 });
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await code.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      document.execCommand('copy');
    });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

    // High in the window, the button pressed sends the toast to the bottom.
    await page.evaluate(() => window.scrollTo(0, 0));
    const copyCompany = page.getByRole('button', { name: text['instruction.copyCompany'].replace('{name}', (await page.getByTestId('instruction-company').textContent()) ?? '') });
    await copyCompany.evaluate((button) => button.scrollIntoView({ block: 'start' }));
    await copyCompany.click();
    await expect.poll(() => toast.textContent()).toBe(text['common.copied']);
    expect(await overlap(toast, copyCompany)).toBe(false);
    await toast.waitFor({ state: 'detached', timeout: 5_000 });

    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `instruction-fee-${language}`);
    await expectAccessible(page);
  });

  it('leads on from an address that goes nowhere, and from a session the server no longer takes', async () => {
    // Not found: the app's home through the bridge, and customer service for a borrower signed in.
    await page.goto(address('/no-such-page'));
    await page.getByRole('heading', { name: text['notFound.title'] }).waitFor();
    await page.getByTestId('way-on').getByRole('button', { name: text['wayOn.home'] }).waitFor();
    const wayOn = page.getByTestId('way-on');
    expect(new URL((await wayOn.getByRole('link', { name: text['wayOn.service'] }).getAttribute('href')) ?? '', baseUrl).pathname).toBe(AppRoute.customerService);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `not-found-way-on-${language}`);
    await expectAccessible(page);
    await wayOn.getByRole('button', { name: text['wayOn.home'] }).click();
    expect(await bridgeMessages(page)).toContainEqual({ action: 'goHome', payload: {} });

    // A session the server does not know: said once, and the way on is signing in again.
    await gotoScreen(page, `${baseUrl}${AppRoute.payments}?${new URLSearchParams({ userId: session.userId, sessionId: 'no-such-session', language: flag, orderId: 'LN-none' })}`);
    const refusal = page.getByTestId('call-refused');
    await refusal.waitFor();
    const said = (await refusal.textContent()) ?? '';
    const sessionMessages = [ErrorCode.SessionRequired, ErrorCode.SessionUnknown, ErrorCode.SessionExpired, ErrorCode.SessionUserMismatch].map((c) => ERROR_MESSAGES[c][language]);
    expect(sessionMessages).toContain(said);
    expect(await page.getByText(said, { exact: true }).count()).toBe(1);
    expect(await page.locator('.toast').count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `session-refused-way-on-${language}`);
    await expectAccessible(page);
    await page.getByTestId('way-on').getByRole('button', { name: text['wayOn.signIn'] }).click();
    expect(await bridgeMessages(page)).toContainEqual({ action: 'goToLogin', payload: {} });
  });
});
