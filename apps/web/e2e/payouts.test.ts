import { AppRoute, LOAN_STATUS_TEXT, LoanStatus, payoutViewSchema, type LoanStatusCode, type PayoutView, type ProductSummary } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenshot, sharedBrowser } from './browser';
import { LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { ownServer } from './own-server';
import { approvedSession, payoutAccountNumber, runPhone } from './session';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();
const cli = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);

/**
 * Money out as the borrower follows it (docs/decisions/152, 153): each language's borrower of its
 * own market, one order paid out and one whose bank refuses the account.
 */
const FLOWS = {
  en: {
    market: 'IN',
    phone: runPhone('9810000401'),
    rejectedPhone: runPhone('9810000402'),
    product: 'rupee-easy-91',
    refLabel: 'UTR',
    refPattern: /^\d{12}$/,
    paidOutOn: 'Paid out on',
    nextDue: 'Next payment date',
    sending: (last4: string) => `Being paid out to your account ending ${last4}.`,
    checkAccount: (last4: string) => `We could not pay out to your account ending ${last4}. Please check your payout account and save the right one.`,
  },
  es: {
    market: 'MX',
    phone: runPhone('5510000401'),
    rejectedPhone: runPhone('5510000402'),
    product: 'peso-flex-91',
    refLabel: 'Clave de rastreo SPEI',
    refPattern: /^[A-Z0-9]{1,30}$/,
    paidOutOn: 'Fecha de desembolso',
    nextDue: 'Próxima fecha de pago',
    sending: (last4: string) => `Se está depositando en su cuenta con terminación ${last4}.`,
    checkAccount: (last4: string) => `No pudimos depositar en su cuenta con terminación ${last4}. Revise su cuenta de depósito y registre la correcta.`,
  },
} as const;

const payoutOf = (lines: unknown[]): PayoutView => payoutViewSchema.parse(lines.at(-1));

describe.each(LANGUAGE_CASES)('money out in $language', ({ flag, language, text }) => {
  const flow = FLOWS[language];
  const last4Of = (who: 'paid' | 'rejected') => payoutAccountNumber(who === 'paid' ? flow.phone : flow.rejectedPhone, flow.market).slice(-4);
  let product: ProductSummary;
  let context: BrowserContext;
  let page: Page;
  const sessions: Record<'paid' | 'rejected', { userId: string; sessionId: string }> = { paid: { userId: '', sessionId: '' }, rejected: { userId: '', sessionId: '' } };

  const status = () => page.locator('.status');
  const description = () => page.locator('.status__description').textContent();
  const row = (label: string) => page.locator('.detail-list__row').filter({ has: page.getByText(label, { exact: true }) });
  const rowValue = async (label: string) => (await row(label).locator('dd').textContent()) ?? '';
  async function expectStatus(code: LoanStatusCode) {
    await expect.poll(() => status().getAttribute('data-status')).toBe(String(code));
    expect(await page.locator('.status__title').textContent()).toBe(LOAN_STATUS_TEXT[code][language].title);
  }
  /** The borrower confirms the offer on the product through the screen; lands on the order's details. */
  async function confirmThroughScreen(who: 'paid' | 'rejected'): Promise<{ orderNo: string; detailsUrl: string }> {
    const query = { ...sessions[who], language: flag, productId: String(product.id) };
    await gotoScreen(page, `${baseUrl}${AppRoute.loanConfirm}?${new URLSearchParams(query)}`);
    await page.getByRole('button', { name: text['loanConfirm.submit'] }).click();
    await page.waitForURL(/\/loanDetails\?/);
    await expectStatus(LoanStatus.UnderReview);
    return { orderNo: new URL(page.url()).searchParams.get('orderId') ?? '', detailsUrl: page.url() };
  }
  /** The operator approves it; the payout is queued to the borrower's account and the order is being paid out. */
  async function approveAndSeeItSent(orderNo: string, detailsUrl: string, who: 'paid' | 'rejected') {
    const last4 = last4Of(who);
    cli('order', 'approve', orderNo);
    await page.goto(detailsUrl);
    await expectStatus(LoanStatus.Disbursing);
    await expect.poll(description).toBe(flow.sending(last4));
    // The sender hands it to the sandbox bank, which holds it until a test says how it ends.
    cli('payout', 'send');
    expect(payoutOf(cli('payout', 'show', orderNo))).toMatchObject({ status: 'processing', accountLast4: last4 });
  }

  beforeAll(async () => {
    const [paid, rejected] = await Promise.all([
      approvedSession(baseUrl, dataDir, flow.phone, flow.market),
      approvedSession(baseUrl, dataDir, flow.rejectedPhone, flow.market),
    ]);
    sessions.paid = paid;
    sessions.rejected = rejected;
    const found = (cli('product', 'list') as ProductSummary[]).find((p) => p.code === flow.product);
    if (!found) throw new Error(`no product ${flow.product}`);
    product = found;
    ({ context, page } = await openPage(browser()));
  });
  afterAll(async () => context?.close());

  it('shows the loan being paid out to the account, then paid out with the transfer reference and its due date', async () => {
    const { orderNo, detailsUrl } = await confirmThroughScreen('paid');
    await approveAndSeeItSent(orderNo, detailsUrl, 'paid');
    // No transfer reference before the bank has paid.
    expect(await row(flow.refLabel).count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `payouts-sending-${language}`);
    await expectAccessible(page);

    const settled = payoutOf(cli('payout', 'sandbox', 'settle', orderNo));
    expect(settled).toMatchObject({ status: 'paid', accountLast4: last4Of('paid') });
    expect(settled.transferRef).toMatch(flow.refPattern);

    await page.reload();
    await expectStatus(LoanStatus.Disbursed);
    // Paid out, the details show at once: the rating waits for the loan to be settled.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await description()).toBe(LOAN_STATUS_TEXT[LoanStatus.Disbursed][language].description);
    expect(await rowValue(flow.refLabel)).toBe(settled.transferRef);
    // The first due date runs from the day the bank paid, in the market's calendar.
    const paidOn = formatDate(new Date(settled.paidAt ?? ''), flow.market);
    expect(await rowValue(flow.paidOutOn)).toBe(paidOn);
    expect(await rowValue(flow.nextDue)).toBe(addDays(paidOn, product.pricing.termDays / product.pricing.periods));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `payouts-paid-${language}`);
    await expectAccessible(page);
  });

  it('asks the borrower to check their payout account when the bank refuses it', async () => {
    const { orderNo, detailsUrl } = await confirmThroughScreen('rejected');
    await approveAndSeeItSent(orderNo, detailsUrl, 'rejected');

    expect(payoutOf(cli('payout', 'sandbox', 'reject', orderNo, '--reason', 'account-closed'))).toMatchObject({ status: 'rejected', reason: 'account-closed' });
    await page.reload();
    await expectStatus(LoanStatus.Disbursing);
    await expect.poll(description).toBe(flow.checkAccount(last4Of('rejected')));
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `payouts-check-account-${language}`);
    await expectAccessible(page);
  });
});
