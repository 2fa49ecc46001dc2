import {
  AppRoute,
  LOAN_STATUS_COLOURS,
  LOAN_STATUS_TEXT,
  LoanStatus,
  NativeApp,
  type LoanStatusCode,
  type OrderSummary,
  type ProductSummary,
} from '@lend/contracts';
import { addDays } from '@lend/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeMessages, recordBridgeMessages } from './bridge-recorder';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenLive, screenshot, sharedBrowser } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { approvedSession, createSession, runPhone } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();

const cli = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);
let productList: ProductSummary[] = [];
const product = (code: string) => {
  const found = productList.find((p) => p.code === code);
  if (!found) throw new Error(`no product ${code}`);
  return found;
};
const productId = (code: string) => product(code).id;

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * Each language walks its own borrower through the products of its market (a borrower borrows
 * only in their phone's market); the rejected order is another borrower's of the same market.
 */
const FLOWS = {
  en: { market: 'IN', phone: runPhone('9810000101'), plainPhone: runPhone('9810000105'), rejectedPhone: runPhone('9810000103'), main: 'rupee-plus-180', plain: 'rupee-easy-91', rejected: 'rupee-easy-91', costLine: /^APR \d+\.\d% a year/ },
  es: { market: 'MX', phone: runPhone('5510000102'), plainPhone: runPhone('5510000106'), rejectedPhone: runPhone('5510000104'), main: 'peso-plus-120', plain: 'peso-flex-91', rejected: 'peso-flex-91', costLine: /^CAT \d+\.\d% sin IVA/ },
} as const;

describe.each(LANGUAGE_CASES)('loan lifecycle in $language', ({ flag, language, text }) => {
  const flow = FLOWS[language];
  let session: { userId: string; sessionId: string };
  let context: BrowserContext;
  let page: Page;
  let orderNo = '';
  let detailsUrl = '';

  const address = (path: string, extra: Record<string, string> = {}) =>
    `${baseUrl}${path}?${new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag, ...extra })}`;
  const statusTitle = () => page.locator('.status__title');
  /** A row of the loan list, by its label. */
  const rowValue = async (label: string) =>
    (await page.locator('.detail-list__row').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').textContent()) ?? '';
  async function expectStatus(status: LoanStatusCode) {
    await expect.poll(() => page.locator('.status').getAttribute('data-status')).toBe(String(status));
    expect(await statusTitle().textContent()).toBe(LOAN_STATUS_TEXT[status][language].title);
    expect(await statusTitle().evaluate((node) => getComputedStyle(node).color)).toBe(rgb(LOAN_STATUS_COLOURS[status]));
  }
  const actionNames = () => page.locator('.order-actions').getByRole('link').or(page.locator('.order-actions').getByRole('button')).allTextContents();
  /** Confirms the current offer on a product through the screen and returns the order number. */
  async function confirmThroughScreen(code: string): Promise<string> {
    await gotoScreen(page, address(AppRoute.loanConfirm, { productId: String(productId(code)) }));
    await page.getByRole('button', { name: text['loanConfirm.submit'] }).click();
    await page.waitForURL(/\/loanDetails\?/);
    return new URL(page.url()).searchParams.get('orderId') ?? '';
  }

  beforeAll(async () => {
    session = await approvedSession(baseUrl, dataDir, flow.phone, flow.market);
    productList = cli('product', 'list') as ProductSummary[];
    ({ context, page } = await openPage(browser()));
    await recordBridgeMessages(context);
  });
  afterAll(async () => context?.close());

  it('confirms a revised offer: reload pop-up, plan cards, coupon, annual cost, agreement gating', async () => {
    const main = product(flow.main);
    cli('offer', 'set', '--user', session.userId, '--product', String(main.id), '--coupon', '50');

    await gotoScreen(page, address(AppRoute.loanConfirm, { productId: String(main.id) }));
    const pop = page.getByRole('dialog', { name: text['loanConfirm.reloadTitle'] });
    await pop.waitFor();
    const shownAt = Date.now();
    expect(await pop.textContent()).toContain(language === 'en' ? 'Your offer has been updated' : 'Su oferta se actualizó');
    await screenshot(page, `loan-confirm-reload-${language}`);
    await pop.waitFor({ state: 'hidden', timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4_500);

    const cards = page.locator('.plan__card');
    expect(await cards.count()).toBe(main.pricing.periods);
    expect(await cards.first().textContent()).toContain(`1/${main.pricing.periods}`);
    expect(await page.getByTestId('term').textContent()).toBe(fill(text['loanConfirm.termValue'], { days: String(main.pricing.termDays) }));
    expect(await page.getByTestId('coupon').textContent()).toContain(language === 'en' ? '₹50.00' : '$50.00');
    expect(await page.getByTestId('annual-cost').textContent()).toMatch(flow.costLine);
    const checkbox = page.getByRole('checkbox');
    expect(await checkbox.isChecked()).toBe(true);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `loan-confirm-${language}`);
    await expectAccessible(page);

    const submit = page.getByRole('button', { name: text['loanConfirm.submit'] });
    await checkbox.uncheck();
    expect(await submit.isDisabled()).toBe(true);
    await submit.click({ force: true });
    expect(new URL(page.url()).pathname).toBe(AppRoute.loanConfirm);
    await screenshot(page, `loan-confirm-unchecked-${language}`);

    // The contract to accept, drafted with this offer's numbers.
    await page.getByRole('link', { name: text['loanConfirm.agreement'] }).click();
    await page.getByText(text['agreement.draft']).waitFor();
    expect(await page.locator('.contract-table').textContent()).toContain(language === 'en' ? '₹50.00' : '$50.00');
    await screenshot(page, `agreement-draft-${language}`);
    await page.goBack();
    await screenLive(page);

    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: text['loanConfirm.submit'] }).click();
    await page.waitForURL(/\/loanDetails\?/);
    const landed = new URL(page.url());
    orderNo = landed.searchParams.get('orderId') ?? '';
    expect(Object.fromEntries(landed.searchParams)).toMatchObject({
      productId: String(main.id),
      userId: session.userId,
      sessionId: session.sessionId,
      language: flag,
      from: 'confirm',
    });
    detailsUrl = landed.toString();
    expect(await bridgeMessages(page)).toContainEqual({
      action: 'confirmTrackingEvent',
      payload: { event: 'loan_confirm', data: { productId: main.id, amount: main.pricing.defaultAmountMinor } },
    });
    await expectStatus(LoanStatus.UnderReview);
    expect(await actionNames()).toEqual([]);
    expect(await page.getByTestId('loan-list').isVisible()).toBe(true);
    await screenshot(page, `loan-details-21-${language}`);
    await expectAccessible(page);
  });

  it('follows the order through approval and payout, to due and overdue, never asking for a rating while it is repaid', async () => {
    cli('order', 'approve', orderNo);
    await page.goto(detailsUrl);
    await expectStatus(LoanStatus.Disbursing);
    await screenshot(page, `loan-details-151-${language}`);

    const [paidOut] = cli('order', 'disburse', orderNo) as OrderSummary[];
    const dueDate = paidOut?.dueDate ?? '';
    await page.goto(detailsUrl);
    await expectStatus(LoanStatus.Disbursed);
    // Paid out today: nothing stands between the borrower and the status and Pay (the rating waits for the loan to be settled).
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await actionNames()).toEqual([text['loanDetails.repay']]);
    const repay = new URL(
      (await page.getByRole('link', { name: text['loanDetails.repay'], exact: true }).getAttribute('href')) ?? '',
      baseUrl,
    );
    expect(repay.pathname).toBe(AppRoute.repayment);
    expect(Object.fromEntries(repay.searchParams)).toMatchObject({ orderId: orderNo, sessionId: session.sessionId, language: flag });
    await screenshot(page, `loan-details-170-${language}`);

    cli('order', 'sweep', '--at', dueDate);
    await page.goto(detailsUrl);
    await expectStatus(LoanStatus.Due);
    expect(await actionNames()).toEqual([text['loanDetails.repay'], text['loanDetails.delay']]);
    await screenshot(page, `loan-details-174-${language}`);
    await page.getByRole('button', { name: text['loanDetails.delay'] }).click();
    const reminder = page.getByRole('dialog', { name: text['loanDetails.delayTitle'] });
    await reminder.waitFor();
    const delayHref = new URL((await reminder.getByRole('link', { name: text['loanDetails.delayConfirm'] }).getAttribute('href')) ?? '', baseUrl);
    expect(delayHref.pathname).toBe(AppRoute.delay);
    expect(delayHref.searchParams.get('orderId')).toBe(orderNo);
    expect(await reminder.getByRole('link', { name: text['loanDetails.delayNoNeed'] }).getAttribute('href')).toBe(
      `${repay.pathname}${repay.search}`,
    );
    await screenshot(page, `loan-delay-reminder-${language}`);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await reminder.waitFor({ state: 'hidden' });

    cli('order', 'sweep', '--at', addDays(dueDate, 1));
    await page.goto(detailsUrl);
    await expectStatus(LoanStatus.Overdue);
    expect(await actionNames()).toEqual([text['loanDetails.repay'], text['loanDetails.delay']]);
    expect(await rowValue(language === 'en' ? 'Late charges owed' : 'Cargos por atraso pendientes')).toMatch(/[1-9]/);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `loan-details-180-${language}`);
  });

  it("shows this order's contract and its period agreement", async () => {
    await page.goto(detailsUrl);
    await expectStatus(LoanStatus.Overdue);
    const principal = await rowValue(language === 'en' ? 'Loan amount' : 'Monto del préstamo');
    const total = await rowValue(language === 'en' ? 'Total to repay' : 'Total a pagar');
    const paidOutOn = await rowValue(language === 'en' ? 'Paid out on' : 'Fecha de desembolso');
    const nextDue = await rowValue(language === 'en' ? 'Next payment date' : 'Próxima fecha de pago');
    await page.getByRole('link', { name: text['loanDetails.contract'] }).click();
    await page.waitForURL(/\/agreement\?/);
    const stamp = page.locator('.agreement__stamp');
    await stamp.waitFor();
    expect(await stamp.textContent()).toContain(orderNo);
    const table = await page.locator('.contract-table').textContent();
    for (const value of [principal, total, paidOutOn]) expect(table).toContain(value);
    expect(await page.locator('[data-clause="parties"]').textContent()).toContain(orderNo);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `agreement-${language}`);
    await expectAccessible(page);

    await page.getByRole('link', { name: text['agreement.periodLink'] }).click();
    await page.waitForURL(/\/agony\?/);
    const rows = page.locator('.schedule-table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(product(flow.main).pricing.periods);
    expect(await rows.first().textContent()).toContain(nextDue);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `period-agreement-${language}`);
    await expectAccessible(page);

    // The general terms the agreement links to are those of the loan's market, in the page language.
    await page.goBack();
    await page.getByTestId('agreement-general-terms').click();
    await page.waitForURL((url) => url.pathname === '/Loan');
    expect(new URL(page.url()).searchParams.get('market')).toBe(flow.market);
    expect(new URL(page.url()).searchParams.get('language')).toBe(flag);
    expect(await page.locator('main').textContent()).toContain(flow.market === 'MX' ? (language === 'en' ? 'live in Mexico' : 'reside en México') : language === 'en' ? 'Indian national' : 'nacionalidad india');
  });

  it('a product without extensions: due shows Repay only; settled, 4-5 stars go to the store rating', async () => {
    // A borrower of its own: the order above is overdue now, and an overdue loan stops new ones.
    session = await approvedSession(baseUrl, dataDir, flow.plainPhone, flow.market);
    const second = await confirmThroughScreen(flow.plain);
    cli('order', 'approve', second);
    const [paidOut] = cli('order', 'disburse', second) as OrderSummary[];
    cli('order', 'sweep', '--at', paidOut?.dueDate ?? '');
    await page.reload();
    await expectStatus(LoanStatus.Due);
    expect(await actionNames()).toEqual([text['loanDetails.repay']]);
    await screenshot(page, `loan-details-174-no-delay-${language}`);

    const [due] = (cli('order', 'list', '--user', session.userId) as OrderSummary[]).filter((o) => o.orderNo === second);
    const owedMinor = (due?.totalRepayableMinor ?? 0) + (due?.penaltyMinor ?? 0);
    cli('payment', 'record', '--order', second, '--amount', (owedMinor / 100).toFixed(2), '--reference-note', `settle ${second}`, '--by', 'e2e');
    await page.reload();
    await expectStatus(LoanStatus.Settled);
    const rating = page.getByRole('dialog', { name: text['loanDetails.rateTitle'] });
    await rating.waitFor();
    await rating.getByRole('radio', { name: fill(text['loanDetails.star'], { n: '5' }) }).click();
    await rating.getByRole('button', { name: text['loanDetails.rateSend'] }).click();
    await rating.waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog', { name: text['loanDetails.thanksTitle'] }).isVisible()).toBe(false);
    expect(await bridgeMessages(page)).toContainEqual({ action: 'goToRate', payload: {} });
  });

  it('a rejected order hides its loan list', async () => {
    session = await approvedSession(baseUrl, dataDir, flow.rejectedPhone, flow.market);
    const rejected = await confirmThroughScreen(flow.rejected);
    cli('order', 'reject', rejected);
    await page.reload();
    await expectStatus(LoanStatus.Rejected);
    expect(await page.getByTestId('loan-list').count()).toBe(0);
    expect(await actionNames()).toEqual([]);
    // Not approved is no dead end: the app's home through the bridge, and customer service.
    const wayOn = page.getByTestId('way-on');
    const service = new URL((await wayOn.getByRole('link', { name: text['wayOn.service'] }).getAttribute('href')) ?? '', baseUrl);
    expect(service.pathname).toBe(AppRoute.customerService);
    expect(service.searchParams.get('sessionId')).toBe(session.sessionId);
    await screenshot(page, `loan-details-110-${language}`);
    await expectAccessible(page);
    await wayOn.getByRole('button', { name: text['wayOn.home'] }).click();
    expect(await bridgeMessages(page)).toContainEqual({ action: 'goHome', payload: {} });
  });

  it('a settled order offers to borrow again through the native app', async () => {
    const demo = createSession(baseUrl, dataDir, '5500000001');
    const settled = (cli('order', 'list', '--user', demo.userId) as OrderSummary[]).find((o) => o.status === LoanStatus.Settled);
    if (!settled) throw new Error('the demo data has no settled order');
    const query = new URLSearchParams({ userId: demo.userId, sessionId: demo.sessionId, language: flag, orderId: settled.orderNo });
    await page.goto(`${baseUrl}${AppRoute.orderDetails}?${query}`);
    await expectStatus(LoanStatus.Settled);
    // The demo's settled order asks for its rating once, on whichever run opens it first.
    const rating = page.getByRole('dialog', { name: text['loanDetails.rateTitle'] });
    if (await rating.isVisible()) await rating.getByRole('button', { name: text['loanDetails.rateCancel'] }).click();
    await rating.waitFor({ state: 'hidden' });
    await screenshot(page, `loan-details-200-${language}`);
    await page.getByRole('button', { name: text['loanDetails.borrowAgain'] }).click();
    expect(await bridgeMessages(page)).toContainEqual({
      action: 'openPageWithParams',
      payload: { url: NativeApp.productSchemeUrl, params: { productId: String(settled.productId) } },
    });
  });
});
