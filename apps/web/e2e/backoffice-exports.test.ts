import { readFileSync } from 'node:fs';
import { BACKOFFICE_PATH, LoanStatus, OperatorPath, type OrderSummary, type Page as ListPage } from '@lend/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { ADMIN, ADMIN_PASSWORD, DESKTOP, newPage, signIn, staffFetch, startWithFirstAdmin } from './backoffice-e2e';
import { expectAccessible, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { placedOrder } from './session';

/**
 * A list of the back office downloaded as CSV through its Export CSV link (docs/decisions/237): the
 * review queue (the orders under review) in English and Spanish, its file's header and rows.
 */
const browser = sharedBrowser();
let server: RunningServer;
let temporaryAdminPassword = '';
let secret: string | null = null;
const review: string[] = [];

beforeAll(async () => {
  ({ server, temporaryAdminPassword } = await startWithFirstAdmin('lend-e2e-backoffice-exports-'));
  for (const phone of ['5513700001', '5513700002', '5513700003']) review.push(await placedOrder(server.baseUrl, server.dataDir, phone, 'MX'));
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

describe('a list downloaded as CSV', () => {
  for (const [language, text, locale] of [
    ['en', backofficeEn, 'en-US'],
    ['es', backofficeEs, 'es-MX'],
  ] as const) {
    it(`downloads the orders under review with their filter (${language}, 1280 px)`, { timeout: 240_000 }, async () => {
      const { context, page } = await newPage(browser() as Browser, DESKTOP, locale);
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
      if (secret === null) secret = await signIn(page, text, ADMIN, temporaryAdminPassword, ADMIN_PASSWORD, null);
      else await signIn(page, text, ADMIN, ADMIN_PASSWORD, null, secret);
      if (language === 'en') {
        // One order leaves the review queue: the file must not hold it.
        const approved = review.shift() ?? '';
        await staffFetch(server.baseUrl, context, 'POST', OperatorPath.orderApprove, { orderNo: approved });
      }

      await page.getByRole('navigation', { name: text['bo.nav.label'] }).getByRole('link', { name: text['bo.nav.orders'] }).click();
      await page.getByRole('heading', { level: 1, name: text['bo.orders.title'] }).waitFor();
      await page.locator(`tbody tr[data-row="${review[0]}"]`).waitFor();
      const link = page.getByRole('link', { name: text['bo.export.csv'] });
      expect(await link.getAttribute('href')).toBe(`/operator/v1${OperatorPath.orders}.csv?status=${LoanStatus.UnderReview}`);
      await screenshot(page, `backoffice-exports-orders-1280${language === 'es' ? '-es' : ''}`);
      await expectAccessible(page);

      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const path = await download.path();
      const file = readFileSync(path, 'utf8');
      expect(file.charCodeAt(0)).toBe(0xfeff);
      const [header = '', ...rows] = file.slice(1).split('\r\n').filter((line) => line !== '');
      expect(header.startsWith('order_no,borrower_id,borrower_name,status,principal,currency,created_at,')).toBe(true);
      const listed = await staffFetch<ListPage<OrderSummary>>(server.baseUrl, context, 'GET', `${OperatorPath.orders}?status=${LoanStatus.UnderReview}&limit=200`);
      expect(rows.map((row) => row.split(',')[0])).toEqual(listed.items.map((order) => order.orderNo));
      expect(rows.map((row) => row.split(',')[0])).toEqual(expect.arrayContaining(review));
      expect(rows.every((row) => row.split(',')[3] === String(LoanStatus.UnderReview))).toBe(true);
      await context.close();
    });
  }
});
