import { BACKOFFICE_PATH, OperatorPath, type OrderSummary, type Page as ServerPage } from '@lend/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn, type BackofficeCatalogue } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { backofficeZonesEn } from '../src/locales/en/backoffice-zones';
import { backofficeZonesEs } from '../src/locales/es/backoffice-zones';
import { ADMIN, ADMIN_PASSWORD, confirmAction, DESKTOP, newPage, signIn, staffFetch, startWithFirstAdmin } from './backoffice-e2e';
import { expectAccessible, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { placedOrder } from './session';

/**
 * The back office as an agent meets it (docs/decisions/235): borrowers by name, products by name,
 * every amount in its market's currency and every time in its market's time zone; the audit log
 * field by field; every table inside its card at 1280 px; a question before a step that moves
 * money, which Escape and Cancel leave unanswered. In English and in Spanish.
 */
const browser = sharedBrowser();
let server: RunningServer;
let temporaryPassword = '';
const orders: Record<'MX' | 'IN', string> = { MX: '', IN: '' };

beforeAll(async () => {
  const started = await startWithFirstAdmin('lend-e2e-backoffice-agent-');
  server = started.server;
  temporaryPassword = started.temporaryAdminPassword;
  orders.MX = await placeOrder('5513970001', 'MX');
  orders.IN = await placeOrder('9833270001', 'IN');
}, 240_000);
afterAll(async () => {
  await signedInPage?.context.close();
  await server?.stop();
});

/** A borrower of this file alone, approved for credit, places an order in their market as the app does. */
async function placeOrder(phone: string, market: 'MX' | 'IN'): Promise<string> {
  return placedOrder(server.baseUrl, server.dataDir, phone, market);
}

/** Neither the page nor any table's card is wider than the screen: each table fits inside its card. */
async function expectTablesFit(page: Page, where: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(DESKTOP.width);
  const cards = await page.locator('.bo-table__scroll, .bo-table').evaluateAll((elements) =>
    elements.map((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, name: element.getAttribute('aria-label') ?? element.querySelector('caption')?.textContent ?? '' })),
  );
  for (const card of cards) expect(card.scroll, `${where}: ${card.name}`).toBeLessThanOrEqual(card.client);
}

const ZONE: Record<'en' | 'es', Record<'MX' | 'IN', string>> = {
  en: { MX: `(${backofficeZonesEn.MX})`, IN: `(${backofficeZonesEn.IN})` },
  es: { MX: `(${backofficeZonesEs.MX})`, IN: `(${backofficeZonesEs.IN})` },
};
const MONEY = { MX: /\$[\d,]+\.\d{2} MXN/, IN: /₹[\d,]+\.\d{2} INR/ } as const;

/** One browser for the file, signed in once (an authenticator code is good once), switched to the test's language. */
let signedInPage: { context: BrowserContext; page: Page } | null = null;
async function signedIn(language: 'en' | 'es'): Promise<{ page: Page; text: BackofficeCatalogue; summary: (orderNo: string) => Promise<OrderSummary> }> {
  const text = language === 'en' ? backofficeEn : backofficeEs;
  if (!signedInPage) {
    signedInPage = await newPage(browser() as Browser, DESKTOP, 'en-US');
    await signedInPage.page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    await signIn(signedInPage.page, backofficeEn, ADMIN, temporaryPassword, ADMIN_PASSWORD, null);
  }
  const { context, page } = signedInPage;
  await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/orders`);
  await page.locator('select[name="language"]').selectOption(language);
  await page.getByRole('navigation', { name: text['bo.nav.label'] }).waitFor();
  const summary = async (orderNo: string) => {
    const found = await staffFetch<ServerPage<OrderSummary>>(server.baseUrl, context, 'GET', `${OperatorPath.orders}?orderNo=${orderNo}`);
    const order = found.items[0];
    if (!order) throw new Error(`no order ${orderNo}`);
    return order;
  };
  return { page, text, summary };
}

describe('the back office as an agent meets it', () => {
  for (const language of ['en', 'es'] as const) {
    it(`names borrowers and products, writes pesos and rupees with their currency and times with their zone, and fits every table at 1280 px (${language})`, { timeout: 240_000 }, async () => {
      const { page, text, summary } = await signedIn(language);
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/orders`);
      await page.getByRole('heading', { level: 1, name: text['bo.orders.title'] }).waitFor();
      for (const market of ['MX', 'IN'] as const) {
        const order = await summary(orders[market]);
        expect(order.borrowerName).not.toBe('');
        const row = page.locator(`tbody tr[data-row="${orders[market]}"]`);
        await row.waitFor();
        const borrower = row.locator(`a[data-borrower-link="${order.userId}"]`);
        expect(await borrower.getAttribute('href')).toBe(`#/borrowers/${order.userId}`);
        expect(await borrower.textContent()).toBe(`${order.borrowerName} #${order.userId}`);
        const cells = await row.locator('td').allTextContents();
        expect(cells[2]).toBe(order.productName);
        expect(cells[3]).toMatch(MONEY[market]);
        expect(cells[4]).toContain(ZONE[language][market]);
      }
      await expectTablesFit(page, 'orders');
      await screenshot(page, `backoffice-agent-orders-1280-${language}`);
      await expectAccessible(page);

      // The borrower's page: the order numbers are links, the amounts in pesos, the times in Mexico City's zone.
      const mexican = await summary(orders.MX);
      await page.locator(`tbody tr[data-row="${orders.MX}"] a[data-borrower-link]`).click();
      await page.getByRole('heading', { level: 1, name: mexican.borrowerName ?? '' }).waitFor();
      const orderLink = page.getByRole('link', { name: orders.MX, exact: true });
      expect(await orderLink.getAttribute('href')).toBe(`#/orders/${orders.MX}`);
      const orderRow = page.locator('tr', { has: orderLink });
      expect(await orderRow.textContent()).toMatch(MONEY.MX);
      expect(await orderRow.textContent()).toContain(ZONE[language].MX);
      await expectTablesFit(page, 'borrower');
      await screenshot(page, `backoffice-agent-borrower-1280-${language}`);
      await expectAccessible(page);

      // Every section's tables fit their cards at 1280 px: the configuration's products first ("Credit policy" was cut).
      for (const [hash, heading] of [
        ['#/configuration?view=products', text['bo.nav.configuration']],
        ['#/configuration?view=channels', text['bo.nav.configuration']],
        ['#/configuration?view=complaint-types', text['bo.nav.configuration']],
        ['#/configuration?view=promotions', text['bo.nav.configuration']],
        ['#/complaints', text['bo.complaints.title']],
        ['#/contact-messages', text['bo.contact.title']],
        ['#/privacy-requests', text['bo.privacy.title']],
        ['#/applications', text['bo.apps.title']],
        ['#/orders?view=queue', text['bo.orders.title']],
        ['#/payments', text['bo.nav.payments']],
        ['#/payments?view=refunds', text['bo.nav.payments']],
        ['#/payments?view=exceptions', text['bo.nav.payments']],
        ['#/campaigns', text['bo.nav.campaigns']],
        ['#/staff', text['bo.staff.title']],
        ['#/audit', text['bo.audit.title']],
      ] as const) {
        await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}${hash}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
        await expectTablesFit(page, hash);
        if (hash.endsWith('products')) {
          await page.locator('tbody tr[data-row]').first().waitFor();
          await expectTablesFit(page, hash);
          expect(await page.locator('tbody').textContent()).toMatch(MONEY.MX);
          expect(await page.locator('tbody').textContent()).toMatch(MONEY.IN);
          await screenshot(page, `backoffice-agent-products-1280-${language}`);
        }
      }
    });
  }

  for (const language of ['en', 'es'] as const) {
    it(`asks before approving, Escape and Cancel leave the order as it was, and the audit log shows the step field by field (${language})`, { timeout: 240_000 }, async () => {
      const { page, text, summary } = await signedIn(language);
      const orderNo = language === 'en' ? orders.MX : orders.IN;
      const market = language === 'en' ? 'MX' : 'IN';
      const order = await summary(orderNo);
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/orders/${orderNo}`);
      await page.locator('[data-status="21"]').waitFor();
      expect(await page.locator('[data-timeline]').textContent()).toContain(ZONE[language][market]);
      const approve = page.getByRole('button', { name: text['bo.orders.approve'], exact: true });
      const dialog = page.locator('dialog[data-confirm][open]');

      // One click only asks: who, how much, what moves.
      await approve.click();
      await dialog.waitFor();
      const question = (await dialog.textContent()) ?? '';
      expect(question).toContain(text['bo.confirm.order.approve.title'].replace('{orderNo}', orderNo));
      expect(question).toContain(`${order.borrowerName} #${order.userId}`);
      expect(question).toMatch(MONEY[market]);
      await screenshot(page, `backoffice-agent-approve-question-1280-${language}`);
      await expectAccessible(page);

      // Escape leaves it as it was; so does Cancel.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await approve.click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: text['bo.confirm.cancel'] }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForTimeout(500);
      expect((await summary(orderNo)).status).toBe(21);
      expect(await page.locator('[data-status="21"]').count()).toBe(1);

      // Confirming approves it.
      await approve.click();
      await confirmAction(page);
      await page.locator('[data-status="151"]').waitFor();
      expect((await summary(orderNo)).status).toBe(151);
      await screenshot(page, `backoffice-agent-approved-1280-${language}`);

      // The audit log: the approval field by field, only what changed.
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/audit?objectType=order&objectId=${orderNo}`);
      const entry = page.locator('tbody tr[data-row]').filter({ hasText: 'order.approve' }).first();
      await entry.waitFor();
      const table = entry.locator('table[data-change]');
      expect(await table.locator('thead th').allTextContents()).toEqual([text['bo.audit.field'], text['bo.audit.before'], text['bo.audit.after']]);
      expect(await table.locator('tr[data-field="status"] td').allTextContents()).toEqual(['21', '151']);
      expect((await table.locator('tr[data-field="approvedAt"] td').allTextContents())[0]).toBe(text['bo.audit.empty']);
      expect(await table.locator('tr[data-field="dueDate"]').count()).toBe(0);
      expect(await entry.textContent()).not.toContain('{"');
      expect(await entry.locator('td').first().textContent()).toContain('(UTC)');
      await expectTablesFit(page, 'audit');
      await screenshot(page, `backoffice-agent-audit-1280-${language}`);
      await expectAccessible(page);
    });
  }
});
