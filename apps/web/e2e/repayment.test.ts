import { AppRoute, LoanStatus, type OperatorPayoff, type OrderSummary, type ProductSummary } from '@lend/contracts';
import { addDays } from '@lend/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenLive, screenshot, sharedBrowser } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { approvedSession, paidOutBorrower, runPhone } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();

const cli = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);

/**
 * Each language repays its own borrower's order, on a product of its market with several
 * installments; another borrower of its own falls behind. No other file uses these phones: on one
 * server (the cluster's, docs/decisions/203) another file's order would block a new loan.
 */
const FLOWS = {
  en: { market: 'IN', phone: runPhone('9810000321'), latePhone: runPhone('9810000329'), product: 'rupee-plus-180' },
  es: { market: 'MX', phone: runPhone('5510000322'), latePhone: runPhone('5510000329'), product: 'peso-plus-120' },
} as const;

/** The server's group headings: cash at a store first, then transfers. */
const GROUP_HEADINGS = {
  en: ['Pay in cash at a store', 'Pay by bank transfer'],
  es: ['Pague en efectivo en tienda', 'Pague por transferencia bancaria'],
} as const;

/** The most the demo channels take in one payment (minor units); a larger balance is paid in parts. */
const CHANNEL_MAX_MINOR = 2_000_000;

const major = (minor: number) => (minor / 100).toFixed(2);

describe.each(LANGUAGE_CASES)('installment overview and repayment instruction in $language', ({ flag, language, text }) => {
  const flow = FLOWS[language];
  let session: { userId: string; sessionId: string };
  let context: BrowserContext;
  let page: Page;
  let orderNo = '';
  let detailsUrl = '';

  const address = (path: string, extra: Record<string, string> = {}) =>
    `${baseUrl}${path}?${new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag, ...extra })}`;
  const repayAmount = async () => (await page.getByTestId('repay-amount').textContent()) ?? '';
  const toast = () => page.locator('.toast').textContent();
  /** Everything still owed, in minor units, as the operator's payoff command reports it. */
  const outstandingMinor = () => (cli('order', 'payoff', orderNo) as OperatorPayoff[])[0]?.outstandingMinor ?? 0;
  const simulate = (reference: string, amountMinor: number) => cli('payment', 'simulate', '--reference', reference, '--amount', major(amountMinor));

  beforeAll(async () => {
    session = await approvedSession(baseUrl, dataDir, flow.phone, flow.market);
    const products = cli('product', 'list') as ProductSummary[];
    const product = products.find((p) => p.code === flow.product);
    if (!product) throw new Error(`no product ${flow.product}`);
    ({ context, page } = await openPage(browser()));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await gotoScreen(page, address(AppRoute.loanConfirm, { productId: String(product.id) }));
    await page.getByRole('button', { name: text['loanConfirm.submit'] }).click();
    await page.waitForURL(/\/loanDetails\?/);
    detailsUrl = page.url();
    orderNo = new URL(detailsUrl).searchParams.get('orderId') ?? '';
    cli('order', 'approve', orderNo);
    cli('order', 'disburse', orderNo);
  });
  afterAll(async () => context?.close());

  it('goes from the order to the overview: amount and date, details collapsed to 2 rows, places grouped', async () => {
    await page.goto(detailsUrl);
    // "Pay by card" beside it holds the same word in Spanish ("Pagar con tarjeta").
    await page.getByRole('link', { name: text['loanDetails.repay'], exact: true }).click();
    await page.waitForURL(/\/repayment\?/);
    await page.getByTestId('repay-amount').waitFor();
    expect(await repayAmount()).toMatch(language === 'en' ? /^₹[\d,.]+$/ : /^\$[\d,.]+$/);
    expect(await page.getByTestId('repay-date').textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await page.locator('.product-heading__name').textContent()).not.toBe('');

    const details = page.getByTestId('repay-details').locator('.detail-list__row');
    expect(await details.count()).toBe(2);
    const more = page.getByRole('button', { name: text['repayment.more'] });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `repayment-overview-${language}`);
    await expectAccessible(page);

    await more.click();
    expect(await details.count()).toBeGreaterThan(2);
    const hide = page.getByRole('button', { name: text['repayment.hide'] });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, `repayment-overview-expanded-${language}`);
    await hide.click();
    expect(await details.count()).toBe(2);

    // A heading per group, a reference on every row; stores have a barcode, transfers none.
    const groups = page.getByTestId('repay-channels').locator('.channel-group');
    expect(await groups.count()).toBe(2);
    expect(await groups.locator('h3').allTextContents()).toEqual(GROUP_HEADINGS[language]);
    expect(await page.getByTestId('repay-channels').getByTestId('channel-reference').count()).toBe(2);
    expect(await page.getByTestId('repay-channels').locator('.channel__barcode').count()).toBe(1);
    // Newly paid out, India's look-up period already lets the borrower leave the loan (decision 150);
    // Mexico's early-repayment rule does not allow a payoff yet.
    expect(await page.getByTestId('repay-payoff').count()).toBe(language === 'en' ? 1 : 0);
  });

  it('copies a reference with a toast and shows the barcode until the mask is tapped', async () => {
    const store = page.getByTestId('repay-channels').locator('.channel').first();
    const reference = (await store.getByTestId('channel-reference').getAttribute('data-code')) ?? '';
    await store.getByRole('button', { name: fill(text['channels.copyReference'], { code: reference }) }).click();
    await expect.poll(toast).toBe(text['common.copied']);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await screenshot(page, `repayment-copied-${language}`);

    const place = (await store.locator('.channel__desc').textContent()) ?? '';
    await store.getByRole('button', { name: fill(text['channels.showBarcode'], { place }), exact: true }).click();
    const modal = page.getByRole('dialog', { name: text['channels.barcode'], exact: true });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(text['channels.scanToPay']);
    expect(await modal.getByRole('img', { name: fill(text['channels.barcodeAlt'], { code: reference }) }).isVisible()).toBe(true);
    await screenshot(page, `repayment-barcode-${language}`);
    await expectAccessible(page);
    await page.mouse.click(4, 4);
    await modal.waitFor({ state: 'hidden' });
  });

  it('opens the instruction of a place: reference, barcode, expiry, limits, company, steps and fees', async () => {
    const amountText = await repayAmount();
    const store = page.getByTestId('repay-channels').locator('.channel').first();
    const reference = (await store.getByTestId('channel-reference').getAttribute('data-code')) ?? '';
    await store.locator('.channel__link').click();
    await page.waitForURL(/\/carpmm\?/);
    await screenLive(page);
    const landed = new URL(page.url());
    expect(Object.fromEntries(landed.searchParams)).toMatchObject({ orderId: orderNo, requestType: '1', payCode: expect.any(String), sessionId: session.sessionId });
    expect(Number(landed.searchParams.get('amount'))).toBeGreaterThan(0);

    await page.getByTestId('instruction-code').waitFor();
    expect(await page.getByTestId('instruction-amount').textContent()).toBe(amountText);
    expect(await page.getByTestId('instruction-code').getAttribute('data-code')).toBe(reference);
    expect(await page.getByTestId('instruction-barcode').isVisible()).toBe(true);
    // To the minute, in the market's time zone, which is named.
    const zone = text[flow.market === 'IN' ? 'instruction.zone.IN' : 'instruction.zone.MX'];
    expect(await page.getByTestId('instruction-expiry').textContent()).toMatch(new RegExp(`\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(${zone}\\)$`));
    expect(await page.getByTestId('instruction-limits').textContent()).toMatch(/\d/);
    const title = (await page.locator('#instruction-title').textContent()) ?? '';
    expect(await page.title()).toContain(title);
    expect(await page.locator('.instruction-section h2').count()).toBe(2);

    const company = (await page.getByTestId('instruction-company').textContent()) ?? '';
    await page.getByRole('button', { name: fill(text['instruction.copyCompany'], { name: company }) }).click();
    await expect.poll(toast).toBe(text['common.copied']);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(company);

    await expectNoHorizontalOverflow(page);
    await screenshot(page, `repayment-instruction-${language}`);
    await expectAccessible(page);
  });

  it("opens the table of each place's fee and limits from the instruction, and comes back", async () => {
    const carpmm = page.url();
    await page.getByTestId('instruction-fees-link').click();
    await page.waitForURL(/\/carpmmFees\?/);
    const table = page.getByTestId('fees-table');
    await table.waitFor();
    expect(await page.title()).toContain(text['fees.title']);
    expect(await table.locator('thead th').allTextContents()).toEqual([text['fees.place'], text['fees.fee'], text['fees.limits']]);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    // The store charges its fee; the transfer none.
    expect(await rows.nth(0).locator('td').first().textContent()).toMatch(language === 'en' ? /^₹[\d,]+\.\d{2}$/ : /^\$[\d,]+\.\d{2}$/);
    expect(await rows.nth(1).locator('td').first().textContent()).toBe(text['fees.noFee']);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `repayment-fee-table-${language}`);
    await expectAccessible(page);
    await page.goBack();
    await page.waitForURL(carpmm);
    await page.getByTestId('instruction-code').waitFor();
  });

  it('refuses an amount above what is owed with the server message', async () => {
    const query = Object.fromEntries(new URL(page.url()).searchParams);
    await page.goto(address(AppRoute.repaymentInstruction, { ...query, amount: '999999999' }));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).not.toBe('');
    expect(await page.getByTestId('instruction-code').count()).toBe(0);
    await screenshot(page, `repayment-instruction-refused-${language}`);
  });

  it('a partial payment lowers the amount to pay; paying the rest settles the order', async () => {
    await page.goto(address(AppRoute.repayment, { orderId: orderNo }));
    await page.getByTestId('repay-amount').waitFor();
    const before = await repayAmount();
    const reference = (await page.getByTestId('repay-channels').getByTestId('channel-reference').first().getAttribute('data-code')) ?? '';
    simulate(reference, 100_00);
    await page.reload();
    await page.getByTestId('repay-amount').waitFor();
    const after = await repayAmount();
    const value = (shown: string) => Number(shown.replace(/[^\d.]/g, ''));
    expect(value(after)).toBeCloseTo(value(before) - 100, 2);
    await screenshot(page, `repayment-after-partial-${language}`);

    const store = (await page.getByTestId('repay-channels').getByTestId('channel-reference').first().getAttribute('data-code')) ?? '';
    for (let left = outstandingMinor(); left > 0; left -= CHANNEL_MAX_MINOR) simulate(store, Math.min(left, CHANNEL_MAX_MINOR));

    await page.goto(detailsUrl);
    await expect.poll(() => page.locator('.status').getAttribute('data-status')).toBe(String(LoanStatus.Settled));
    const rating = page.getByRole('dialog', { name: text['loanDetails.rateTitle'] });
    // Settled: the rating is asked, once.
    await rating.waitFor();
    await rating.getByRole('button', { name: text['loanDetails.rateCancel'] }).click();
    await rating.waitFor({ state: 'hidden' });
    await screenshot(page, `repayment-settled-details-${language}`);

    // A settled order has nothing to pay: the overview says so in the borrower's language.
    await page.goto(address(AppRoute.repayment, { orderId: orderNo }));
    const nothing = page.getByRole('alert');
    await nothing.waitFor();
    expect(await nothing.textContent()).not.toBe('');
    // Said once, with the way back to the loan.
    expect(await page.locator('.toast').count()).toBe(0);
    const back = new URL((await page.getByTestId('way-on').getByRole('link', { name: text['wayOn.loan'] }).getAttribute('href')) ?? '', baseUrl);
    expect(back.pathname).toBe(AppRoute.loanDetails);
    expect(back.searchParams.get('orderId')).toBe(orderNo);
    await screenshot(page, `repayment-settled-${language}`);
    const [summary] = cli('order', 'list', '--user', session.userId) as OrderSummary[];
    expect(summary?.status).toBe(LoanStatus.Settled);
  });

  it('says an overdue order is overdue, since when, and its late charges so far, not "Pay by" a past date', async () => {
    const product = (cli('product', 'list') as ProductSummary[]).find((p) => p.code === flow.product);
    const late = await paidOutBorrower(baseUrl, dataDir, flow.latePhone, product?.id ?? 0, flow.market);
    const [order] = cli('order', 'list', '--user', late.userId) as OrderSummary[];
    const firstDue = order?.dueDate ?? '';
    // The order clock reaches 35 days after the first due date.
    cli('order', 'sweep', '--at', addDays(firstDue, 35));
    const query = { userId: late.userId, sessionId: late.sessionId, language: flag, orderId: late.orderNo };
    await page.goto(`${baseUrl}${AppRoute.repayment}?${new URLSearchParams(query)}`);
    const overdue = page.getByTestId('repay-overdue');
    await overdue.waitFor();
    expect(await page.getByTestId('repay-date').count()).toBe(0);
    const said = (await overdue.textContent()) ?? '';
    expect(said).toContain(fill(text['repayment.overdueSince'], { date: firstDue }));
    expect(said).toContain(fill(text['repayment.overdueDays'], { days: '35' }));
    expect(said).toContain(text['repayment.lateChargesSoFar'].replace(' {amount}', ''));
    await page.getByRole('button', { name: text['repayment.more'] }).click();
    // The rows list each installment counted in the total (its parts), then the late charges and what is owed in all.
    const labels = await page.getByTestId('repay-details').locator('dt').allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(6);
    expect(labels.filter((label) => /\d+/.test(label)).length * 4 + 2).toBe(labels.length);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `repayment-overdue-${language}`);
    await expectAccessible(page);
  });
});
