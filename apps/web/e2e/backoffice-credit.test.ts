import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKOFFICE_PATH, CreditPath, type CreditApplication } from '@lend/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn, type BackofficeCatalogue } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { confirmAction, DESKTOP, signIn, TABLET } from './backoffice-e2e';
import { expectAccessible, screenshot, sharedBrowser } from './browser';
import { startServer, type RunningServer } from './global-setup';
import { operatorCli } from './operator-cli';
import { borrowerCall, certifiedSession, listProducts, placedOrder } from './session';

/**
 * The back office's orders and applications through their screens (docs/decisions/174, 175). The
 * first administrator is made by the command line on the database itself, before this file's own
 * server opens it.
 */
const browser = sharedBrowser();
const ADMIN = 'credit-admin@lender.example';
const ADMIN_PASSWORD = 'copper valley kettle 58';
const BORROWER_PHONE = '5513900001';
/** Declares the first borrower's national id, so its application is referred. */
const TWIN_PHONE = '5513906998';

let server: RunningServer;
let temporaryPassword = '';
let secret = '';
let paidOrderNo = '';
const dataDir = mkdtempSync(join(tmpdir(), 'lend-e2e-backoffice-credit-'));
beforeAll(async () => {
  const created = operatorCli('http://127.0.0.1:9', dataDir, ['staff', 'create-admin', '--email', ADMIN, '--name', 'Carla Credit']) as { temporaryPassword: string };
  temporaryPassword = created.temporaryPassword;
  server = await startServer(dataDir);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

/** Signs the administrator in through the screens: the first time enrolling the authenticator and replacing the temporary password. */
async function signInAsAdmin(page: Page, text: BackofficeCatalogue, first: boolean): Promise<void> {
  await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
  if (first) secret = await signIn(page, text, ADMIN, temporaryPassword, ADMIN_PASSWORD, null);
  else await signIn(page, text, ADMIN, ADMIN_PASSWORD, null, secret);
}

/** A borrower of this test alone, approved for credit, places an order through the borrower API as the app does. */
async function placeOrder(phone = BORROWER_PHONE): Promise<string> {
  return placedOrder(server.baseUrl, server.dataDir, phone, 'MX');
}

/** A second borrower with the first one's national id applies, and the scorecard refers the application to an officer. */
async function referredApplication(): Promise<number> {
  const session = await certifiedSession(server.baseUrl, server.dataDir, TWIN_PHONE, 'MX', BORROWER_PHONE);
  const product = (await listProducts(server.baseUrl, server.dataDir)).find((candidate) => candidate.market === 'MX');
  if (!product) throw new Error('no Mexican product');
  const decision = await borrowerCall<CreditApplication>(server.baseUrl, { userId: session.userId, sessionId: session.sessionId }, CreditPath.apply, { productId: String(product.id) });
  expect(decision.outcome).toBe('referred');
  return decision.decisionId;
}

describe('orders and applications in the back office', () => {
  it('an administrator finds a borrower’s order under review, approves it, sends its payout and reads it on the timeline', { timeout: 240_000 }, async () => {
    const orderNo = await placeOrder();
    expect(orderNo).not.toBe('');
    const text = backofficeEn;
    const context = await (browser() as Browser).newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await signInAsAdmin(page, text, true);

    const nav = page.getByRole('navigation', { name: text['bo.nav.label'] });
    await nav.getByRole('link', { name: text['bo.nav.orders'] }).click();
    await page.getByRole('heading', { level: 1, name: text['bo.orders.title'] }).waitFor();
    const row = page.locator(`tbody tr[data-row="${orderNo}"]`);
    await row.waitFor();
    await screenshot(page, 'backoffice-credit-orders-1280');
    await expectAccessible(page);

    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: new RegExp(orderNo) }).waitFor();
    await page.locator('[data-status="21"]').waitFor();
    await screenshot(page, 'backoffice-credit-order-review-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: text['bo.orders.approve'] }).click();
    await confirmAction(page);
    await page.locator('[data-status="151"]').waitFor();
    const timeline = page.locator('[data-timeline]');
    await expect.poll(() => timeline.textContent()).toContain(text['bo.orders.status.151']);
    await expect.poll(() => timeline.textContent()).toMatch(/Payout created: \$[\d,]+\.\d{2} MXN to account …\d{4}/);
    expect(['queued', 'validating', 'sending', 'processing']).toContain(await page.locator('tr[data-row-state]').getAttribute('data-row-state'));
    await screenshot(page, 'backoffice-credit-order-approved-1280');

    await page.getByRole('button', { name: text['bo.orders.disburse'] }).click();
    await confirmAction(page);
    await page.locator('[data-status="170"]').waitFor();
    await expect.poll(() => timeline.textContent()).toMatch(/Payout paid, transfer \S+/);
    expect(await timeline.textContent()).toContain(text['bo.orders.status.170']);
    await page.locator('tr[data-row-state="paid"]').waitFor();
    expect(await page.getByRole('heading', { name: text['bo.orders.ledger'] }).count()).toBe(1);
    expect(await page.locator('section.bo-order table').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'backoffice-credit-order-paid-1280');
    paidOrderNo = orderNo;
    await expectAccessible(page);

    const decisionId = await referredApplication();
    await nav.getByRole('link', { name: text['bo.nav.applications'] }).click();
    await page.getByRole('heading', { level: 1, name: text['bo.apps.title'] }).waitFor();
    const application = page.locator(`tbody tr[data-row="${decisionId}"]`);
    await application.waitFor();
    await screenshot(page, 'backoffice-credit-applications-1280');
    await expectAccessible(page);
    await application.getByRole('link', { name: String(decisionId) }).click();
    await page.getByRole('heading', { name: text['bo.apps.scorecard'], exact: true }).waitFor();
    await page.getByText('duplicate_identity').first().waitFor();
    // The profile beside it: the payout account masked, the identity photos shown.
    await expect.poll(() => page.locator('[data-payout-account]').textContent()).toMatch(/^Gloria Hernández García · .+ · ····\d{4}$/);
    const selfie = page.getByRole('img', { name: text['bo.apps.photo.selfie'] });
    await selfie.waitFor();
    await expect.poll(() => selfie.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await page.getByLabel(text['bo.apps.reason']).fill('Same person as an existing borrower; checked by phone.');
    await page.getByLabel(text['bo.apps.amount']).fill('3000');
    await screenshot(page, 'backoffice-credit-application-1280');
    await expectAccessible(page);
    await page.getByRole('button', { name: text['bo.apps.approve'] }).click();
    await confirmAction(page);
    await page.getByText('Approved by credit-admin@lender.example: Same person as an existing borrower; checked by phone.').waitFor();

    // A transfer the borrower made to the lender's bank is recorded by hand and then read among the payments received.
    await nav.getByRole('link', { name: text['bo.nav.payments'] }).click();
    await page.getByRole('heading', { level: 1, name: text['bo.nav.payments'] }).waitFor();
    await page.getByRole('link', { name: text['bo.pay.view.record'] }).click();
    await page.getByRole('heading', { level: 2, name: text['bo.pay.view.record'] }).waitFor();
    await page.getByLabel(text['bo.pay.orderNo']).fill(orderNo);
    await page.getByLabel(text['bo.pay.record.reference']).fill('SPEI 0042 e2e');
    await page.getByLabel(text['bo.pay.amount']).fill('12x');
    await page.getByRole('button', { name: text['bo.pay.record.submit'] }).click();
    await page.getByText(text['bo.pay.amountInvalid']).waitFor();
    await page.getByLabel(text['bo.pay.amount']).fill('100.50');
    await page.getByRole('button', { name: text['bo.pay.record.submit'] }).click();
    await expect.poll(() => page.locator('.bo-notice').textContent()).toMatch(new RegExp(`^Receipt \\S+: \\$100\\.50 MXN applied to order ${orderNo}; \\$[\\d,]+\\.\\d{2} MXN still owed`));
    await page.getByRole('link', { name: text['bo.pay.view.received'] }).click();
    await page.getByRole('heading', { level: 2, name: text['bo.pay.view.received'] }).waitFor();
    await page.getByLabel(text['bo.pay.orderNo']).fill(orderNo);
    await page.getByRole('button', { name: text['bo.table.filter'] }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#/payments?view=received&orderNo=${orderNo}`);
    await expect.poll(() => page.getByText(text['bo.table.loading']).count()).toBe(0);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').textContent()).toContain('Carla Credit: SPEI 0042 e2e');
    await screenshot(page, 'backoffice-payments-1280');
    await expectAccessible(page);
    await context.close();
  });

  it('the paid-out order and the payout queue read in Spanish on a tablet', { timeout: 120_000 }, async () => {
    expect(paidOrderNo).not.toBe('');
    const text = backofficeEs;
    const context = await (browser() as Browser).newContext({ viewport: TABLET, locale: 'es-MX' });
    const page = await context.newPage();
    await signInAsAdmin(page, text, false);
    await page.getByRole('navigation', { name: text['bo.nav.label'] }).getByRole('link', { name: text['bo.nav.orders'] }).click();
    await page.getByRole('heading', { level: 1, name: text['bo.orders.title'] }).waitFor();
    await page.getByLabel(text['bo.orders.view']).selectOption('queue');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/orders?view=queue');
    await page.getByRole('table').waitFor();
    await expect.poll(() => page.getByText(text['bo.table.loading']).count()).toBe(0);
    await screenshot(page, 'backoffice-credit-orders-820-es');
    await expectAccessible(page);

    await page.getByLabel(text['bo.orders.search']).fill(paidOrderNo);
    await page.getByRole('button', { name: text['bo.table.filter'] }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(paidOrderNo) }).waitFor();
    const timeline = page.locator('[data-timeline]');
    await expect.poll(() => timeline.textContent()).toMatch(/Desembolso pagado, transferencia \S+/);
    expect(await page.locator('[data-status="170"]').textContent()).toBe(text['bo.orders.status.170']);
    expect(await page.getByRole('button', { name: text['bo.orders.approve'] }).count()).toBe(0);
    await screenshot(page, 'backoffice-credit-order-820-es');
    await expectAccessible(page);

    // Another borrower's order is rejected with a reason, asked for before anything is sent.
    const toReject = await placeOrder('5513900003');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/orders/${toReject}`);
    await page.locator('[data-status="21"]').waitFor();
    await page.getByRole('button', { name: text['bo.orders.reject'] }).click();
    const confirm = page.getByRole('button', { name: text['bo.orders.reject'] });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel(text['bo.orders.rejectReason']).fill('No se pudo confirmar el ingreso.');
    await screenshot(page, 'backoffice-credit-order-reject-820-es');
    await confirm.click();
    await page.locator('[data-status="110"]').waitFor();
    expect(await page.getByText(text['bo.orders.noActions']).count()).toBe(1);
    await context.close();
  });
});
