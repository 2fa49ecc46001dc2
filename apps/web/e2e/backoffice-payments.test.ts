import {
  BACKOFFICE_PATH,
  CARD_REPAYMENT_BASE,
  CardRepaymentPath,
  MachinePath,
  OperatorPath,
  StaffPath,
  type CardReconcileOneResult,
  type Page as ListPage,
  type PaymentException,
  type Receipt,
  type RepayInstruction,
  type RepaymentCommitData,
  type RepaymentWayData,
} from '@lend/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn, type BackofficeCatalogue } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { backofficeZonesEs as zonesEs } from '../src/locales/es/backoffice-zones';
import { ADMIN, ADMIN_PASSWORD, confirmAction, confirmAdminOnDatabase, DESKTOP, newPage, signIn, staffFetch, startWithFirstAdmin, TABLET } from './backoffice-e2e';
import { expectAccessible, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { operatorCliLinesAsync } from './operator-cli';
import { borrowerCall, listProducts, paidOutBorrower } from './session';

/**
 * The Payments section's second person and pending card payments (docs/decisions/180, 181): a
 * refund above the limit asked by one administrator and approved by another, read in the audit
 * log; a card payment left pending with the provider, settled once from the back office; a
 * provider's delivery kept for an operator, resolved with what was done (208).
 */
const PHONE = { width: 360, height: 780 } as const;
const browser = sharedBrowser();
const SECOND = 'second-admin@lender.example';
const SECOND_PASSWORD = 'granite orchard pillow 63';

let server: RunningServer;
let temporaryAdminPassword = '';
let secondSecret = '';
let adminSecret = '';
let productId = 0;
let cardProductId = 0;
beforeAll(async () => {
  ({ server, temporaryAdminPassword } = await startWithFirstAdmin('lend-e2e-backoffice-payments-'));
  const products = await listProducts(server.baseUrl, server.dataDir);
  productId = products.find((product) => product.market === 'MX')?.id ?? 0;
  // Installments every 30 days: the first may be paid by card the day the loan is paid out (docs/decisions/233).
  cardProductId = products.find((product) => product.code === 'peso-plus-120')?.id ?? 0;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

async function openPayments(page: Page, text: BackofficeCatalogue, view: string): Promise<void> {
  await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/payments?view=${view}`);
  await page.getByRole('heading', { level: 1, name: text['bo.nav.payments'] }).waitFor();
  await expect.poll(() => page.getByText(text['bo.table.loading']).count()).toBe(0);
}

/** A card payment the sandbox took while its answer was lost: the record stays charging with the provider. */
async function pendingCardPayment(phone: string): Promise<{ orderNo: string; recordNo: string }> {
  const borrower = await paidOutBorrower(server.baseUrl, server.dataDir, phone, cardProductId, 'MX');
  await operatorCliLinesAsync(server.baseUrl, server.dataDir, ['card', 'add', '--user', borrower.userId, '--test-card', 'timeout']);
  const call = async <T>(path: string, body: Record<string, string>) => {
    const query = new URLSearchParams({ userId: borrower.userId, sessionId: borrower.sessionId, language: '2', orderId: borrower.orderNo });
    const response = await fetch(`${server.baseUrl}${CARD_REPAYMENT_BASE}${path}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    return (await response.json()) as { code: string; data: T };
  };
  const way = await call<RepaymentWayData>(CardRepaymentPath.way, {});
  const card = way.data.bankCards[0];
  if (!card) throw new Error('no saved card');
  const committed = await call<RepaymentCommitData>(CardRepaymentPath.commit, {
    orderId: borrower.orderNo,
    repayToken: way.data.repayToken,
    amount: String(way.data.amount),
    cardId: String(card.id),
    sendMsg: '0',
  });
  expect(committed.code).toBe('800012');
  return { orderNo: borrower.orderNo, recordNo: committed.data.repayRecordId };
}

/** Two cash deliveries paid a day after they arrive: the webhook refuses them and keeps them for an operator. */
async function parkedDeliveries(phone: string, eventIds: readonly string[]): Promise<void> {
  const borrower = await paidOutBorrower(server.baseUrl, server.dataDir, phone, productId, 'MX');
  const query = { userId: borrower.userId, sessionId: borrower.sessionId, language: '1' };
  const instruction = await borrowerCall<RepayInstruction>(server.baseUrl, query, MachinePath.repayInstruction, {
    orderId: borrower.orderNo,
    amount: '30000',
    payCode: 'tienda-demo',
    requestType: '1',
  });
  const paidAt = new Date(Date.now() + 86_400_000).toISOString();
  for (const eventId of eventIds) {
    const simulate = ['payment', 'simulate', '--reference', instruction.repayDetail.vCode, '--amount', '300.00', '--paid-at', paidAt, '--event-id', eventId];
    await expect(operatorCliLinesAsync(server.baseUrl, server.dataDir, simulate)).rejects.toThrow();
  }
}

const RESOLVED_EVENT = 'sim_e2e_exception_resolved';
const OPEN_EVENT = 'sim_e2e_exception_open';

describe('the Payments section', () => {
  it('a credit refund above the limit needs a second person, and the audit log shows both', { timeout: 240_000 }, async () => {
    const text = backofficeEn;
    const { orderNo } = await paidOutBorrower(server.baseUrl, server.dataDir, '5513950001', productId, 'MX');
    const first = await newPage(browser() as Browser, DESKTOP, 'en-US');
    await first.page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    adminSecret = await signIn(first.page, text, ADMIN, temporaryAdminPassword, ADMIN_PASSWORD, null);
    const created = await staffFetch<{ temporaryPassword: string }>(server.baseUrl, first.context, 'POST', StaffPath.accounts, { email: SECOND, name: 'Berta Segunda', role: 'admin' });
    // The borrower paid everything and 60,000 pesos more by a transfer: the credit is far above the 5,000 pesos one person may refund.
    await staffFetch(server.baseUrl, first.context, 'POST', OperatorPath.payments, { orderNo, amountMinor: 60_000_00, referenceNote: 'SPEI 5501 e2e', recordedBy: 'Ana Admin' });

    await openPayments(first.page, text, `refunds&orderNo=${orderNo}`);
    await first.page.getByLabel(text['bo.pay.refund.amount']).fill('6000');
    await first.page.getByLabel(text['bo.pay.refund.outside']).check();
    await first.page.getByLabel(text['bo.pay.refund.note']).fill('SPEI 7781 e2e');
    await first.page.getByRole('button', { name: text['bo.pay.refund.send'] }).click();
    await confirmAction(first.page);
    await expect.poll(() => first.page.locator('.bo-notice').textContent()).toBe(text['bo.pay.refund.awaitingSecond'].replace('{orderNo}', orderNo));
    const waiting = first.page.getByRole('table', { name: text['bo.pay.approval.caption'] });
    await expect.poll(() => waiting.locator('tbody').textContent()).toContain(text['bo.pay.approval.awaitingSecond']);
    expect(await waiting.getByRole('button', { name: text['bo.pay.approval.approve'] }).count()).toBe(0);
    await expect.poll(() => first.page.getByRole('table', { name: text['bo.pay.refunds.captionOrder'].replace('{orderNo}', orderNo) }).locator('tbody tr').count()).toBe(0);
    await screenshot(first.page, 'backoffice-payments-refund-awaiting-1280');
    await expectAccessible(first.page);
    await first.context.close();
    server = await confirmAdminOnDatabase(server, SECOND);

    const second = await newPage(browser() as Browser, DESKTOP, 'en-US');
    await second.page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    secondSecret = await signIn(second.page, text, SECOND, created.temporaryPassword, SECOND_PASSWORD, null);
    await openPayments(second.page, text, 'refunds');
    const request = second.page.getByRole('table', { name: text['bo.pay.approval.caption'] });
    await request.getByRole('button', { name: text['bo.pay.approval.approveOrder'].replace('{orderNo}', orderNo) }).waitFor();
    await screenshot(second.page, 'backoffice-payments-refund-approve-1280');
    await expectAccessible(second.page);
    await request.getByRole('button', { name: text['bo.pay.approval.approveOrder'].replace('{orderNo}', orderNo) }).click();
    await confirmAction(second.page);
    await expect.poll(() => request.locator('tbody tr').count()).toBe(0);
    const refunds = second.page.getByRole('table', { name: text['bo.pay.refunds.caption'] });
    await expect.poll(() => refunds.locator('tbody tr').count()).toBe(1);
    expect(await refunds.locator('tbody tr').textContent()).toContain('SPEI 7781 e2e');

    // The audit log: the request by the first administrator, the approval by the second, each with before and after.
    await second.page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/audit`);
    await second.page.getByRole('heading', { level: 1, name: text['bo.audit.title'] }).waitFor();
    await second.page.getByLabel(text['bo.audit.objectType']).fill('refund-approval');
    await second.page.getByRole('button', { name: text['bo.table.filter'] }).click();
    const rows = second.page.locator('tbody tr[data-row]');
    await expect.poll(() => rows.count()).toBe(2);
    // Newest first: the approval by the second administrator, then the request by the first; each cell as written.
    const cells = async (index: number) => rows.nth(index).locator('td').allTextContents();
    const [approveCells, requestCells] = [await cells(0), await cells(1)];
    expect(approveCells.slice(1, 4)).toEqual([SECOND, 'admin', 'refund.approve']);
    // Each change field by field: the status before and after, the refund it made new.
    const field = (index: number, name: string) => rows.nth(index).locator(`tr[data-field="${name}"] td`).allTextContents();
    expect(await field(0, 'status')).toEqual(['pending', 'approved']);
    expect((await field(0, 'refundId'))[1]).toMatch(/^\d+$/);
    expect(requestCells.slice(1, 4)).toEqual([ADMIN, 'admin', 'refund.request']);
    expect(await field(1, 'status')).toEqual([text['bo.audit.empty'], 'pending']);
    await screenshot(second.page, 'backoffice-payments-refund-audit-1280');
    await expectAccessible(second.page);
    await second.context.close();
  });

  it("a payment exception is resolved with what was done, on a phone's width", { timeout: 240_000 }, async () => {
    expect(adminSecret).not.toBe('');
    const text = backofficeEn;
    await parkedDeliveries('5513950003', [RESOLVED_EVENT, OPEN_EVENT]);
    const { context, page } = await newPage(browser() as Browser, PHONE, 'en-US');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    await signIn(page, text, ADMIN, ADMIN_PASSWORD, null, adminSecret);
    await openPayments(page, text, 'exceptions');
    const table = page.getByRole('table', { name: text['bo.pay.exceptions.caption'] });
    const row = table.locator('tbody tr', { hasText: RESOLVED_EVENT });
    await row.waitFor();
    await row.getByRole('button', { name: text['bo.pay.exceptions.resolveEvent'].replace('{eventId}', RESOLVED_EVENT) }).click();

    const form = page.getByRole('form', { name: text['bo.pay.exceptions.resolveEvent'].replace('{eventId}', RESOLVED_EVENT) });
    await form.getByLabel(text['bo.pay.exceptions.outcome']).selectOption('no_money_moved');
    await form.getByLabel(text['bo.pay.exceptions.note']).fill('Paid-at a day ahead: a provider test, nothing was paid');
    await screenshot(page, 'backoffice-payments-exception-resolve-360');
    await expectAccessible(page);
    await form.getByRole('button', { name: text['bo.pay.exceptions.submit'] }).click();
    await confirmAction(page);
    await expect.poll(() => page.locator('.bo-notice').textContent()).toBe(text['bo.pay.exceptions.done'].replace('{eventId}', RESOLVED_EVENT));
    await expect.poll(() => row.count()).toBe(0);
    expect(await table.locator('tbody tr', { hasText: OPEN_EVENT }).count()).toBe(1);

    await page.getByLabel(text['bo.pay.exceptions.state']).selectOption('resolved');
    await page.getByRole('button', { name: text['bo.table.filter'] }).click();
    await page.waitForURL((url) => url.hash.includes('state=resolved'));
    const resolved = table.locator('tbody tr', { hasText: RESOLVED_EVENT });
    await resolved.waitFor();
    const cell = (await resolved.locator('td').nth(1).textContent()) ?? '';
    expect(cell).toContain(`${text['bo.pay.exceptions.outcome.no_money_moved']}: Paid-at a day ahead: a provider test, nothing was paid (${ADMIN}, `);
    expect(await table.locator('tbody tr', { hasText: OPEN_EVENT }).count()).toBe(0);
    await screenshot(page, 'backoffice-payments-exception-resolved-360');
    await expectAccessible(page);

    // The server kept what the form sent, under the name of the person signed in.
    const items = await staffFetch<ListPage<PaymentException>>(server.baseUrl, context, 'GET', `${OperatorPath.paymentExceptions}?state=resolved`);
    expect(items.items.find((item) => item.eventId === RESOLVED_EVENT)?.resolution).toMatchObject({ outcome: 'no_money_moved', by: ADMIN });
    await context.close();
  });

  it('a pending card payment is settled once from the Payments section, in Spanish on a tablet', { timeout: 240_000 }, async () => {
    expect(secondSecret).not.toBe('');
    const text = backofficeEs;
    const { orderNo, recordNo } = await pendingCardPayment('5513950002');
    const { context, page } = await newPage(browser() as Browser, TABLET, 'es-MX');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    await signIn(page, text, SECOND, SECOND_PASSWORD, null, secondSecret);
    await openPayments(page, text, 'cards');
    const row = page.locator(`tbody tr[data-row="${recordNo}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(orderNo);
    // Pesos and rupees share the list: the charge says its currency, and its time its zone (docs/decisions/238).
    expect(await row.textContent()).toContain(' MXN');
    expect(await row.textContent()).toContain(zonesEs.MX);
    await screenshot(page, 'backoffice-payments-cards-820-es');
    await expectAccessible(page);

    await row.getByRole('button', { name: text['bo.pay.cards.reconcileRecord'].replace('{recordNo}', recordNo) }).click();
    await expect.poll(() => page.locator('.bo-notice').textContent()).toBe(text['bo.pay.cards.settled'].replace('{recordNo}', recordNo).replace('{status}', text['bo.pay.cards.status.paid']));
    await expect.poll(() => row.count()).toBe(0);
    await screenshot(page, 'backoffice-payments-cards-settled-820-es');
    // Asked again, it changes nothing: one payment on the order.
    const again = await staffFetch<CardReconcileOneResult>(server.baseUrl, context, 'POST', OperatorPath.cardRepaymentReconcile.replace(':recordNo', recordNo));
    expect(again).toMatchObject({ status: 'paid', changed: false });
    const received = await staffFetch<ListPage<Receipt>>(server.baseUrl, context, 'GET', `${OperatorPath.payments}?orderNo=${orderNo}`);
    expect(received.items.filter((receipt) => receipt.channelCode === 'card')).toHaveLength(1);

    // The card payment is among the providers' deliveries, applied to its order; the transfer recorded by hand is not.
    await openPayments(page, text, 'webhooks&outcome=applied');
    const deliveries = page.getByRole('table', { name: text['bo.pay.webhooks.caption'] });
    await expect.poll(() => deliveries.locator('tbody tr').count()).toBe(1);
    expect(await deliveries.locator('tbody tr').textContent()).toContain(orderNo);
    expect(await deliveries.locator('tbody tr').textContent()).toContain(text['bo.pay.webhooks.outcome.applied']);
    expect(await deliveries.locator('tbody tr').textContent()).toContain(' MXN');
    expect(await deliveries.locator('tbody tr').textContent()).toContain(zonesEs.MX);
    await screenshot(page, 'backoffice-payments-webhooks-820-es');
    await expectAccessible(page);

    await openPayments(page, text, 'references');
    await page.getByRole('table', { name: text['bo.pay.references.caption'] }).waitFor();
    await screenshot(page, 'backoffice-payments-references-820-es');
    await expectAccessible(page);

    // The exceptions in Spanish: the one resolved says what was done; the open one opens its form.
    await openPayments(page, text, 'exceptions&state=resolved');
    const exceptions = page.getByRole('table', { name: text['bo.pay.exceptions.caption'] });
    await expect.poll(() => exceptions.locator('tbody tr', { hasText: RESOLVED_EVENT }).textContent()).toContain(text['bo.pay.exceptions.outcome.no_money_moved']);
    await openPayments(page, text, 'exceptions');
    await exceptions.getByRole('button', { name: text['bo.pay.exceptions.resolveEvent'].replace('{eventId}', OPEN_EVENT) }).click();
    const form = page.getByRole('form', { name: text['bo.pay.exceptions.resolveEvent'].replace('{eventId}', OPEN_EVENT) });
    expect(await form.getByLabel(text['bo.pay.exceptions.outcome']).locator('option').allTextContents()).toEqual([
      text['bo.pay.exceptions.outcome.applied_by_hand'],
      text['bo.pay.exceptions.outcome.returned_to_payer'],
      text['bo.pay.exceptions.outcome.no_money_moved'],
    ]);
    await screenshot(page, 'backoffice-payments-exception-resolve-820-es');
    await expectAccessible(page);
    await context.close();
  });
});
