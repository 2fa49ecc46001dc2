import { BACKOFFICE_PATH, BookHealthPath, CollectionsWorkPath, OPERATOR_BASE, StaffPath, type EfficiencyReport, type ParReport, type PromisesReport, type VintageReport } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, formatShare } from '../src/backoffice/lib/format';
import { backofficeEn, type BackofficeCatalogue } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { ADMIN, ADMIN_PASSWORD, AGENT_PASSWORD, DESKTOP, newPage, signIn, staffFetch, startWithFirstAdmin } from './backoffice-e2e';
import { expectAccessible, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { operatorCliLinesAsync } from './operator-cli';
import { listProducts, paidOutBorrower } from './session';

/**
 * The book's health (docs/decisions/247) against the real server: two Mexican loans paid out and
 * made late by the order clock's sweep run ahead, beside the demo book (whose overdue loan is at
 * risk today); an agent takes a promise on one. The agent opens the screen at 1280 px, in English
 * and Spanish: the tables give the reports' figures, the charts are drawn, a CSV link answers CSV.
 */
const browser = sharedBrowser();
let server: RunningServer;
let temporaryPassword = '';
const AGENT = 'bruno.cartera@lender.example';
const TEXT = { en: backofficeEn, es: backofficeEs } as const;
const late: string[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const started = await startWithFirstAdmin('lend-e2e-backoffice-book-health-');
  server = started.server;
  temporaryPassword = started.temporaryAdminPassword;
  const product = (await listProducts(server.baseUrl, server.dataDir)).find((candidate) => candidate.market === 'MX');
  for (const phone of ['5513970643', '5513970644']) late.push((await paidOutBorrower(server.baseUrl, server.dataDir, phone, product?.id ?? 0, 'MX')).orderNo);
  // The clock run past the loans' term: each is late and in a bucket, so an agent may take a promise on it.
  await operatorCliLinesAsync(server.baseUrl, server.dataDir, ['order', 'sweep', '--at', addDays(formatDate(new Date(), 'MX'), 135)]);
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function setLanguage(page: Page, language: 'en' | 'es'): Promise<BackofficeCatalogue> {
  await page.locator('select[name="language"]').selectOption(language);
  await page.getByRole('navigation', { name: TEXT[language]['bo.nav.label'] }).waitFor();
  return TEXT[language];
}

const cellsOf = (page: Page, report: string, row: string) => page.locator(`[data-report="${report}"] tbody tr[data-row-state="${row}"] td`).allTextContents();

describe("the book's health", () => {
  it('an agent reads the late book: figures in tables, charts drawn, each report as CSV, in both languages', { timeout: 180_000 }, async () => {
    const admin = await newPage(browser() as Browser, DESKTOP, 'en-US');
    contexts.push(admin.context);
    await admin.page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    await signIn(admin.page, backofficeEn, ADMIN, temporaryPassword, ADMIN_PASSWORD, null);
    // The supervisor's menu has the screen too; a credit officer's would not (the routes refuse them).
    await admin.page.getByRole('navigation', { name: backofficeEn['bo.nav.label'] }).getByRole('link', { name: backofficeEn['bo.nav.bookHealth'] }).waitFor();
    const created = await staffFetch<{ temporaryPassword: string }>(server.baseUrl, admin.context, 'POST', StaffPath.accounts, { email: AGENT, name: 'Bruno Cartera', role: 'agent' });

    const { context, page } = await newPage(browser() as Browser, DESKTOP, 'en-US');
    contexts.push(context);
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    await signIn(page, backofficeEn, AGENT, created.temporaryPassword, AGENT_PASSWORD, null);
    const today = formatDate(new Date(), 'MX');
    await staffFetch(server.baseUrl, context, 'POST', CollectionsWorkPath.promises.replace(':orderNo', late[0] ?? ''), { amountMinor: 20_000, promisedOn: addDays(today, 2) });

    await page.getByRole('navigation', { name: backofficeEn['bo.nav.label'] }).getByRole('link', { name: backofficeEn['bo.nav.bookHealth'] }).click();
    const [par, vintages, efficiency, promises] = await Promise.all([
      staffFetch<ParReport>(server.baseUrl, context, 'GET', `${BookHealthPath.par}?market=MX`),
      staffFetch<VintageReport>(server.baseUrl, context, 'GET', `${BookHealthPath.vintages}?market=MX`),
      staffFetch<EfficiencyReport>(server.baseUrl, context, 'GET', `${BookHealthPath.efficiency}?market=MX`),
      staffFetch<PromisesReport>(server.baseUrl, context, 'GET', `${BookHealthPath.promises}?market=MX`),
    ]);
    const total = par.items.find((row) => row.productId === null);
    // The demo book's overdue loan is at risk today; the two new ones are outstanding.
    expect(total?.par1Minor).toBeGreaterThan(0);
    expect(vintages.items.length).toBeGreaterThan(0);
    expect(efficiency.items.length).toBeGreaterThan(0);

    for (const language of ['en', 'es'] as const) {
      const text = await setLanguage(page, language);
      await page.getByRole('heading', { level: 1, name: text['bo.nav.bookHealth'] }).waitFor();
      for (const title of ['bo.book.par.title', 'bo.book.vintage.title', 'bo.book.roll.title', 'bo.book.eff.title', 'bo.book.promises.title'] as const) {
        await page.getByRole('heading', { level: 2, name: text[title] }).waitFor();
      }
      await page.locator(`[data-report="promises"] tbody tr[data-row-state="${AGENT}"]`).waitFor();
      // Every chart drawn: uPlot's canvas inside each report that has figures to draw.
      for (const report of ['par', 'vintages', 'efficiency']) await page.locator(`[data-report="${report}"] [data-chart] canvas`).first().waitFor();

      // The tables give the reports' figures, amounts and shares as the back office writes them.
      const money = (minor: number) => formatMinor(minor, language, 'MXN');
      const totalCells = await cellsOf(page, 'par', 'all');
      expect(totalCells.slice(0, 3)).toEqual([text['bo.book.par.total'], money(total?.outstandingMinor ?? -1), `${money(total?.par1Minor ?? -1)} (${formatShare(total?.par1Bp ?? -1, language)})`]);
      const agentRow = promises.items.find((row) => row.agentEmail === AGENT);
      expect(agentRow).toMatchObject({ promises: 1, open: 1, promisedMinor: 20_000 });
      const promiseCells = await cellsOf(page, 'promises', AGENT);
      expect([promiseCells[0], promiseCells[1], promiseCells[2], promiseCells[6]]).toEqual([AGENT, '1', '1', money(20_000)]);
      expect(await page.locator('[data-report="vintages"] .bo-table tbody tr').count()).toBe(new Set(vintages.items.map((point) => point.vintage)).size);
      const thisMonth = efficiency.items.at(-1);
      const effCells = await cellsOf(page, 'efficiency', thisMonth?.month ?? '');
      expect(effCells.slice(1)).toEqual([money(thisMonth?.lateMinor ?? -1), money(thisMonth?.collectedMinor ?? -1), formatShare(thisMonth?.efficiencyBp ?? -1, language)]);

      await screenshot(page, `backoffice-book-health-1280-${language}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
      await expectAccessible(page);
    }

    // A report's CSV link carries the screen's filters and answers the same figures as CSV.
    const link = page.getByRole('link', { name: backofficeEs['bo.book.promises.export'] });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(`${OPERATOR_BASE}${BookHealthPath.promises}.csv?market=MX`);
    const answer = await context.request.get(`${server.baseUrl}${href}`);
    expect(answer.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (await answer.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('agent_id,agent_email,promises,open,kept,partly_kept,broken,promised,kept_amount,kept_bp,currency');
    expect(lines.find((line) => line.includes(AGENT))).toMatch(new RegExp(`,${AGENT.replace(/\./g, '\\.')},1,1,0,0,0,200\\.00,0\\.00,0,MXN$`));

    // India's book through the filter: the address keeps it, and the reports read again.
    await page.locator('select[name="market"]').selectOption('IN');
    await page.getByRole('button', { name: backofficeEs['bo.book.show'] }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/book-health?market=IN');
    await expect.poll(() => page.locator('[data-as-of]').textContent()).toContain('INR');
    expect(await page.getByRole('link', { name: backofficeEs['bo.book.par.export'] }).getAttribute('href')).toBe(`${OPERATOR_BASE}${BookHealthPath.par}.csv?market=IN`);
  });
});
