import { AppRoute, ERROR_MESSAGES, ErrorCode, MachinePath, type BorrowerPayments, type ProductSummary, type RepayInstruction } from '@lend/contracts';
import { formatAmount, formatDate } from '@lend/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, linesOf, openPage, screenshot, sharedBrowser } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { approvedSession, borrowerCall, runPhone } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();
const cli = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);

/** Each language gets its own borrower and peso order, so nothing here touches the demo borrower's orders. */
const PHONES = { en: runPhone('5510000301'), es: runPhone('5510000302') } as const;

/** A real PNG drawn by the page's canvas: the ticket photo. */
async function ticketPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 160;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#f5f5f0';
    context.fillRect(0, 0, 120, 160);
    context.fillStyle = '#222';
    context.fillRect(10, 20, 100, 8);
    context.fillRect(10, 40, 70, 8);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function checkScreen(page: Page, name: string) {
  await page.locator('.toast').waitFor({ state: 'detached', timeout: 5_000 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, name);
  await expectAccessible(page);
}

describe.each(LANGUAGE_CASES)('payments screen in $language', ({ flag, language, text }) => {
  let session: { userId: string; sessionId: string };
  let orderNo = '';
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag, ...extra }).toString();

  /** A borrower call as the app makes it (form body, session in the query). */
  const machine = <T>(path: string, body: Record<string, string>) =>
    borrowerCall<T>(baseUrl, { userId: session.userId, sessionId: session.sessionId, language: flag }, path, body);

  beforeAll(async () => {
    session = await approvedSession(baseUrl, dataDir, PHONES[language]);
    const product = (cli('product', 'list') as ProductSummary[]).find((p) => p.code === 'peso-plus-120');
    if (!product) throw new Error('no peso-plus-120');
    cli('offer', 'set', '--user', session.userId, '--product', String(product.id));
  });

  let context: Awaited<ReturnType<typeof openPage>>['context'] | undefined;
  afterAll(async () => context?.close());

  it('shows each receipt, files a missing payment as a complaint, and closes a settled loan', { timeout: 150_000 }, async () => {
    const opened = await openPage(browser());
    context = opened.context;
    const { page } = opened;

    // ---- a fresh order, confirmed on its screen and paid out by the operator ----
    const product = (cli('product', 'list') as ProductSummary[]).find((p) => p.code === 'peso-plus-120');
    await gotoScreen(page, `${baseUrl}${AppRoute.loanConfirm}?${query({ productId: String(product?.id ?? '') })}`);
    await page.getByRole('button', { name: text['loanConfirm.submit'] }).click();
    await page.waitForURL(/\/loanDetails\?/);
    orderNo = new URL(page.url()).searchParams.get('orderId') ?? '';
    expect(orderNo).not.toBe('');
    expect(await page.getByRole('link', { name: text['payments.open'] }).count()).toBe(0);
    cli('order', 'approve', orderNo);
    cli('order', 'disburse', orderNo);

    // ---- from the order details to its payments: none yet ----
    await page.reload();
    await checkScreen(page, `payments-order-details-link-${language}`);
    await page.getByRole('link', { name: text['payments.open'] }).click();
    await page.waitForURL((url) => url.pathname === AppRoute.payments);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderNo);
    await page.getByRole('heading', { name: fill(text['payments.receipts'], { orderNo }) }).waitFor();
    expect(await page.locator('.receipt').count()).toBe(0);
    await checkScreen(page, `payments-empty-${language}`);

    // ---- a cash payment at the store through the provider's signed webhook ----
    const instruction = await machine<RepayInstruction>(MachinePath.repayInstruction, {
      orderId: orderNo,
      amount: '30000',
      payCode: 'tienda-demo',
      requestType: '1',
    });
    cli('payment', 'simulate', '--reference', instruction.repayDetail.vCode, '--amount', '300.00');
    await page.reload();
    const receipt = page.locator('.receipt').first();
    await receipt.waitFor();
    expect(await receipt.getAttribute('data-receipt-no')).toBe(`${orderNo}-1`);
    const facts = await receipt.locator('.receipt__facts dd').allTextContents();
    expect(facts).toEqual([`${orderNo}-1`, formatDate(new Date(), 'MX'), '$300.00', 'Tienda Demo']);
    // The receipt's number, day and amount are each read whole, on one line, at 360 px.
    expect(await linesOf(receipt.locator('.receipt__facts dd.detail-list__whole'))).toEqual([1, 1, 1]);
    expect(await receipt.locator('.receipt__lines dt').last().textContent()).toBe(
      language === 'en' ? 'Still owed after this payment' : 'Saldo pendiente después de este pago',
    );
    expect(await page.getByTestId('closing-statement').count()).toBe(0);
    // The receipts are no dead end: back to this loan, or to customer service.
    const wayOn = page.getByTestId('way-on');
    const back = new URL((await wayOn.getByRole('link', { name: text['wayOn.loan'] }).getAttribute('href')) ?? '', baseUrl);
    expect(back.pathname).toBe(AppRoute.loanDetails);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ orderId: orderNo, sessionId: session.sessionId, language: flag });
    expect(new URL((await wayOn.getByRole('link', { name: text['wayOn.service'] }).getAttribute('href')) ?? '', baseUrl).pathname).toBe(AppRoute.customerService);
    await checkScreen(page, `payments-receipt-${language}`);

    // ---- a refused report is said once, under the field it is about, and the field takes the focus ----
    await page.getByRole('button', { name: text['payments.missing.open'] }).click();
    const referenceField = page.getByLabel(text['payments.missing.reference']);
    await referenceField.fill('#no-such ref');
    await page.getByLabel(text['payments.missing.paidOn']).fill(formatDate(new Date(), 'MX'));
    await page.getByRole('button', { name: text['payments.missing.submit'] }).click();
    const refusal = ERROR_MESSAGES[ErrorCode.MissingPaymentReferenceInvalid][language];
    await expect.poll(() => referenceField.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await referenceField.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(refusal);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('reference');
    expect(await page.getByText(refusal, { exact: true }).count()).toBe(1);
    expect(await page.locator('.toast').count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `payments-missing-refused-${language}`);
    await expectAccessible(page);

    // ---- "my payment does not show": reference, date and a ticket photo become a complaint ----
    await page.getByLabel(text['payments.missing.reference']).fill('7788 9900 11');
    await page.getByLabel(text['payments.missing.paidOn']).fill(formatDate(new Date(), 'MX'));
    await page.getByLabel(text['payments.missing.photo']).setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await ticketPng(page) });
    await checkScreen(page, `payments-missing-form-${language}`);
    await page.getByRole('button', { name: text['payments.missing.submit'] }).click();
    const filed = page.locator('.missing__filed');
    await filed.waitFor();
    const folio = (await filed.getAttribute('data-folio')) ?? '';
    expect(folio).not.toBe('');
    expect(await filed.textContent()).toContain(folio);
    await checkScreen(page, `payments-missing-filed-${language}`);

    await page.getByRole('link', { name: text['payments.missing.seeComplaints'] }).click();
    await page.waitForURL((url) => url.pathname === AppRoute.complaintList);
    await expect.poll(() => page.locator('.complaint-item__folio').allTextContents()).toContain(folio);
    await checkScreen(page, `payments-complaint-list-${language}`);

    // ---- the rest by bank transfer settles the loan: settlement date and closing statement ----
    const before = await machine<BorrowerPayments>(MachinePath.installmentPayments, { orderId: orderNo });
    const rest = before.receipts[0]?.balanceAfterMinor ?? 0;
    cli('payment', 'record', '--order', orderNo, '--amount', (rest / 100).toFixed(2), '--reference-note', `e2e settle ${language}`, '--by', 'e2e');
    await page.goto(`${baseUrl}${AppRoute.payments}?${query({ orderId: orderNo })}`);
    const closing = page.getByTestId('closing-statement');
    await closing.waitFor();
    const today = formatDate(new Date(), 'MX');
    expect(await closing.locator('.closing__settled').textContent()).toBe(
      language === 'en' ? `Repaid in full on ${today}. Thank you!` : `Pagado en su totalidad el ${today}. ¡Gracias!`,
    );
    expect(await closing.locator('.closing__statement').textContent()).toContain(formatAmount(300_00 + rest, 'MX'));
    expect(await page.locator('.receipt').count()).toBe(2);
    expect(await page.locator('.receipt').first().locator('.receipt__facts dd').last().textContent()).toBe(
      language === 'en' ? 'Bank transfer' : 'Transferencia bancaria',
    );
    await checkScreen(page, `payments-settled-${language}`);
  });
});
