import { AppRoute, BACKOFFICE_PATH, CollectionsWorkPath, LossesPath, type CollectionOrder } from '@lend/contracts';
import { addDays, formatDate, type Market } from '@lend/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn } from '../src/locales/areas/backoffice.en';
import { ADMIN, ADMIN_PASSWORD, confirmAction, DESKTOP, newPage, signIn, staffFetch, startWithFirstAdmin } from './backoffice-e2e';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenLive, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { LANGUAGE_CASES } from './languages';
import { operatorCliLinesAsync } from './operator-cli';
import { listProducts, paidOutBorrower } from './session';

/**
 * Payment plans (docs/decisions/250) against the real server: a loan in each market paid out and
 * made late by the order clock run ahead; an administrator offers the Mexican one a plan from its
 * collection file, and its borrower reads it at 360 px in Spanish (the CAT box) and accepts it; the
 * Indian borrower's offer read in English with its revised Key Facts Statement.
 */
const browser = sharedBrowser();
let server: RunningServer;
let temporaryPassword = '';
const late: Partial<Record<Market, { orderNo: string; userId: string; sessionId: string }>> = {};
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const started = await startWithFirstAdmin('lend-e2e-payment-plans-');
  server = started.server;
  temporaryPassword = started.temporaryAdminPassword;
  const products = await listProducts(server.baseUrl, server.dataDir);
  const productOf = (market: Market) => products.find((product) => product.market === market)?.id ?? 0;
  const borrowers = [
    ['5513970281', 'MX'],
    ['9833270281', 'IN'],
  ] as const;
  for (const [phone, market] of borrowers) late[market] = await paidOutBorrower(server.baseUrl, server.dataDir, phone, productOf(market), market);
  // The clock run 110 days ahead, some 20 days past the loans' 91-day term: both are late enough for a plan.
  await operatorCliLinesAsync(server.baseUrl, server.dataDir, ['order', 'sweep', '--at', addDays(formatDate(new Date(), 'MX'), 110)]);
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

/** The borrower's promise screen, reached from the late loan's details, in the language of `flag`. */
async function promiseScreen(market: Market, flag: string): Promise<Page> {
  const loan = late[market];
  if (!loan) throw new Error(`no late loan in ${market}`);
  const phone = await openPage(browser() as Browser);
  contexts.push(phone.context);
  const screen = phone.page;
  await gotoScreen(screen, `${server.baseUrl}${AppRoute.loanDetails}?${new URLSearchParams({ userId: loan.userId, sessionId: loan.sessionId, orderId: loan.orderNo, language: flag })}`);
  await screen.getByTestId('order-promise').click();
  await screen.waitForURL((url) => url.pathname === AppRoute.promise);
  await screenLive(screen);
  return screen;
}

describe('payment plans', () => {
  let admin: { context: BrowserContext; page: Page };

  it('an administrator offers a late loan a plan from its file; the borrower reads it at 360 px in Spanish with the CAT box and accepts it', { timeout: 120_000 }, async () => {
    admin = await newPage(browser() as Browser, DESKTOP, 'en-US');
    contexts.push(admin.context);
    const { page } = admin;
    const text = backofficeEn;
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    await signIn(page, text, ADMIN, temporaryPassword, ADMIN_PASSWORD, null);
    const orderNo = late.MX?.orderNo ?? '';
    await page.evaluate((where) => (window.location.hash = where), `#/collections/${orderNo}`);
    const form = page.locator('form[data-payment-plan-form]');
    await form.getByLabel(text['bo.payplan.countField'].replace('{max}', '12')).fill('3');
    await form.getByLabel(text['bo.payplan.everyField']).selectOption('week');
    await form.getByLabel(text['bo.payplan.noteField']).fill('Asked on the phone for weekly payments');
    await form.getByRole('button', { name: text['bo.payplan.offer'] }).click();
    await confirmAction(page);
    await page.locator('dl[data-payment-plan="offered"]').waitFor();
    expect(await page.locator('section[data-payment-plan-panel] tbody tr').count()).toBe(3);
    await screenshot(page, 'payment-plan-backoffice-offered-1280-en');
    await expectAccessible(page);

    const spanish = LANGUAGE_CASES.find((entry) => entry.language === 'es');
    if (!spanish) throw new Error('no Spanish case');
    const screen = await promiseScreen('MX', spanish.flag);
    const offer = screen.locator('section[data-payment-plan="offered"]');
    await offer.waitFor();
    expect(await offer.locator('[data-cost-box="CAT"]').textContent()).toContain('0.0%');
    expect(await offer.textContent()).toContain('sin IVA, para fines informativos y de comparación');
    expect(await offer.locator('tbody tr').count()).toBe(3);
    await expectNoHorizontalOverflow(screen);
    await expectAccessible(screen);
    await screenshot(screen, 'payment-plan-offer-es-360');
    await offer.getByRole('button', { name: spanish.text['planOffer.accept'] }).click();
    const accepted = screen.locator('section[data-payment-plan="accepted"]');
    await accepted.waitFor();
    expect(await accepted.getByTestId('plan-pay').getAttribute('href')).toContain(AppRoute.repayment);
    await expectNoHorizontalOverflow(screen);
    await expectAccessible(screen);
    await screenshot(screen, 'payment-plan-accepted-es-360');

    // The file shows the plan in force.
    await page.reload();
    await page.locator('dl[data-payment-plan="accepted"]').waitFor();
    await screenshot(page, 'payment-plan-backoffice-accepted-1280-en');
  });

  it('an Indian borrower reads the plan offered in English with its revised Key Facts Statement', { timeout: 120_000 }, async () => {
    const orderNo = late.IN?.orderNo ?? '';
    const today = formatDate(new Date(), 'IN');
    await staffFetch<CollectionOrder>(server.baseUrl, admin.context, 'POST', LossesPath.paymentPlans.replace(':orderNo', orderNo), { count: 4, every: 'fortnight', firstDueDate: addDays(today, 5), note: '' });
    expect((await staffFetch<CollectionOrder>(server.baseUrl, admin.context, 'GET', CollectionsWorkPath.order.replace(':orderNo', orderNo))).paymentPlan?.state).toBe('offered');
    const english = LANGUAGE_CASES.find((entry) => entry.language === 'en');
    if (!english) throw new Error('no English case');
    const screen = await promiseScreen('IN', english.flag);
    const offer = screen.locator('section[data-payment-plan="offered"]');
    await offer.waitFor();
    expect(await offer.locator('[data-cost-box="KFS"]').textContent()).toContain('Revised Key Facts Statement');
    // The promise form stays; asking for a plan does not, while one is offered.
    await screen.locator('form.promise__form').first().waitFor();
    expect(await screen.locator('form[data-plan-form]').count()).toBe(0);
    await expectNoHorizontalOverflow(screen);
    await expectAccessible(screen);
    await screenshot(screen, 'payment-plan-kfs-en-360');
  });
});
