import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BACKOFFICE_PATH,
  OPERATOR_BASE,
  OperatorPath,
  PrivacyPath,
  ProfilePath,
  PROMOTION_BASE,
  PromotionPath,
  StaffPath,
  type ArcoRequest,
  type PromoTemplateInput,
  type StaffRole,
  type UserMenu,
} from '@lend/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn, type BackofficeCatalogue } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { ADMIN, ADMIN_PASSWORD, AGENT_PASSWORD, DESKTOP, newPage as newBrowserPage, signIn, startWithFirstAdmin, TABLET } from './backoffice-e2e';
import { expectAccessible, gotoScreen, screenLive, screenshot, sharedBrowser, VIEWPORT } from './browser';
import type { RunningServer } from './global-setup';
import { createPromoTemplate, E2E_PROMO_TEMPLATE } from './operator-cli';
import { borrowerCall, certifiedSession, listProducts, paidOutBorrower } from './session';

/**
 * The back office's campaigns, an order's signature evidence and a rectification (docs/decisions
 * 183–185): an administrator reads a template's funnel of today as a chart and a table after
 * visitors came through the promotion API; a credit officer reads how an order was signed; an agent
 * corrects a borrower's name from their rectification request, and the borrower's profile shows it.
 */
const browser = sharedBrowser();
const TEMPLATE: PromoTemplateInput = { ...E2E_PROMO_TEMPLATE, name: 'Winter campaign' };
const OFFICER = 'omar.officer@lender.example';
const AGENT = 'ana.agent@lender.example';
const STAFF_PASSWORD = 'silver canyon orchid 63';

let server: RunningServer;
let temporaryAdminPassword = '';
let adminSecret = '';
beforeAll(async () => {
  ({ server, temporaryAdminPassword } = await startWithFirstAdmin('lend-e2e-backoffice-campaigns-'));
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const newPage = (viewport: { width: number; height: number }, locale: string) => newBrowserPage(browser() as Browser, viewport, locale);
const operatorToken = () => readFileSync(join(server.dataDir, 'operator-token'), 'utf8').trim();

async function operatorGet<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${OPERATOR_BASE}${path}`, { headers: { authorization: `Bearer ${operatorToken()}` } });
  return ((await response.json()) as { data: T }).data;
}

async function promotionPost(path: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${server.baseUrl}${PROMOTION_BASE}${path}?language=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return ((await response.json()) as { code: string }).code;
}

/** Two visits, a click, and one visitor who gets a code and registers: all through the promotion API, as the landing makes them. */
async function campaignTraffic(templateId: number): Promise<void> {
  const track = (path: string, clientType: string) =>
    fetch(`${server.baseUrl}${PROMOTION_BASE}${path}?${new URLSearchParams({ page_id: String(templateId), page_type: '1', client_type: clientType, user_from: 'ads', app_from: 'landing', utm_tag: 'winter', phone: '5512345678' })}`);
  expect((await track(PromotionPath.trackVisit, 'android')).status).toBe(200);
  expect((await track(PromotionPath.trackVisit, 'web')).status).toBe(200);
  expect((await track(PromotionPath.trackClick, 'android')).status).toBe(200);
  const sidAnswer = await fetch(`${server.baseUrl}${PROMOTION_BASE}${PromotionPath.getSid}?templateId=${templateId}`);
  const { sid } = ((await sidAnswer.json()) as { data: { sid: string } }).data;
  expect((await fetch(`${server.baseUrl}${PROMOTION_BASE}${PromotionPath.captcha}?sid=${encodeURIComponent(sid)}&a=1`)).status).toBe(200);
  const { answer: capcode } = await operatorGet<{ answer: string }>(`${OperatorPath.captchaAnswer}?sid=${encodeURIComponent(sid)}`);
  const phone = '5517700183';
  const visitor = { sid, deviceId: sid, appName: 'lend-promo', user_from: 'ads', app_from: 'landing', utm_tag: 'winter' };
  expect(await promotionPost(PromotionPath.sms, { ...visitor, phone, capcode })).toBe('0');
  const outbox = await operatorGet<{ items: { code: string }[] }>(`${OperatorPath.smsOutbox}?phone=${phone}`);
  const smsCode = outbox.items[0]?.code ?? '';
  expect(await promotionPost(PromotionPath.register, { ...visitor, phone, capcode, smsCode, merchantNumber: '0', userName: phone, invite_code: '', id: String(templateId) })).toBe('0');
}

/** The administrator makes a staff account from their own signed-in page, as the Staff screen does; its temporary password. */
async function createStaff(page: Page, email: string, role: StaffRole): Promise<string> {
  return page.evaluate(
    async ({ base, me, accounts, email, role }) => {
      const who = (await (await fetch(`${base}${me}`)).json()) as { data: { csrfToken: string } };
      const made = await fetch(`${base}${accounts}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': who.data.csrfToken },
        body: JSON.stringify({ email, name: email.split('@')[0], role }),
      });
      return ((await made.json()) as { data: { temporaryPassword: string } }).data.temporaryPassword;
    },
    { base: OPERATOR_BASE, me: StaffPath.me, accounts: StaffPath.accounts, email, role },
  );
}

/** Today in Mexico City, the promotion market's calendar the funnel counts in. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
const staffPasswords = new Map<string, string>();

async function campaignsShowToday(page: Page, text: BackofficeCatalogue, templateId: number): Promise<void> {
  await page.getByRole('navigation', { name: text['bo.nav.label'] }).getByRole('link', { name: text['bo.nav.campaigns'] }).click();
  await page.getByRole('heading', { level: 1, name: text['bo.nav.campaigns'] }).waitFor();
  await page.getByLabel(text['bo.campaigns.template']).selectOption(String(templateId));
  await page.getByRole('button', { name: text['bo.campaigns.show'] }).click();
  await page.getByRole('heading', { level: 2, name: new RegExp(TEMPLATE.name) }).waitFor();
  // The chart is drawn (uPlot's canvas), and the table beside it carries today's figures.
  await page.locator('[data-chart] canvas').first().waitFor();
  const row = page.locator(`tr[data-row-state="${today()}"]`);
  await row.waitFor();
  expect(await row.locator('td').allTextContents()).toEqual([expect.any(String), '2', '1', '1', '1']);
  expect(await page.locator('.bo-table tbody tr').count()).toBe(14);
}

describe('the back office: campaigns, signatures and rectification', () => {
  it('an administrator reads a template’s funnel of today as a chart and a table, in English and in Spanish', { timeout: 240_000 }, async () => {
    const { id: templateId } = createPromoTemplate(server.baseUrl, server.dataDir, TEMPLATE);
    await campaignTraffic(templateId);

    const { context, page } = await newPage(DESKTOP, 'en-US');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    adminSecret = await signIn(page, backofficeEn, ADMIN, temporaryAdminPassword, ADMIN_PASSWORD, null);
    staffPasswords.set(OFFICER, await createStaff(page, OFFICER, 'credit-officer'));
    staffPasswords.set(AGENT, await createStaff(page, AGENT, 'agent'));
    await campaignsShowToday(page, backofficeEn, templateId);
    expect(await page.locator('[data-totals]').textContent()).toContain('visits 2, clicks 1, SMS sent 1, registrations 1');
    await screenshot(page, 'backoffice-campaigns-1280');
    await expectAccessible(page);
    // A range the server refuses shows its reason.
    await page.getByLabel(backofficeEn['bo.campaigns.from']).fill('2025-01-01');
    await page.getByRole('button', { name: backofficeEn['bo.campaigns.show'] }).click();
    await page.getByRole('alert').filter({ hasText: '92 days' }).waitFor();
    await context.close();

    const spanish = await newPage(TABLET, 'es-MX');
    await spanish.page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    await signIn(spanish.page, backofficeEs, ADMIN, ADMIN_PASSWORD, null, adminSecret);
    await campaignsShowToday(spanish.page, backofficeEs, templateId);
    expect(await spanish.page.locator('[data-totals]').textContent()).toContain('visitas 2, clics 1, SMS enviados 1, registros 1');
    await screenshot(spanish.page, 'backoffice-campaigns-820-es');
    await expectAccessible(spanish.page);
    await spanish.context.close();
  });

  it('a credit officer reads how an order was signed, and its borrower by name and masked phone', { timeout: 240_000 }, async () => {
    const password = staffPasswords.get(OFFICER) ?? '';
    expect(password).not.toBe('');
    const product = (await listProducts(server.baseUrl, server.dataDir)).find((candidate) => candidate.code === 'peso-flex-91');
    if (!product) throw new Error('no product peso-flex-91');
    const borrower = await paidOutBorrower(server.baseUrl, server.dataDir, '5517700184', product.id);

    for (const [text, viewport, locale, shot] of [
      [backofficeEs, TABLET, 'es-MX', 'backoffice-order-signatures-820-es'],
      [backofficeEn, DESKTOP, 'en-US', 'backoffice-order-signatures-1280'],
    ] as const) {
      const { context, page } = await newPage(viewport, locale);
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
      const first = text === backofficeEs;
      const secret = await signIn(page, text, OFFICER, first ? password : STAFF_PASSWORD, first ? STAFF_PASSWORD : null, first ? null : staffPasswords.get(`${OFFICER}#secret`) ?? null);
      staffPasswords.set(`${OFFICER}#secret`, secret);
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/orders/${borrower.orderNo}`);
      const evidence = page.locator('[data-signatures]');
      await evidence.getByRole('heading', { name: text['bo.orders.signatures'] }).waitFor();
      await expect.poll(() => evidence.textContent()).toContain(text['bo.orders.hashMatches']);
      expect(await evidence.locator('[data-document="contract"] code').textContent()).toMatch(/^[0-9a-f]{64}$/);
      expect(await evidence.textContent()).toMatch(/127\.0\.0\.1|::1/);
      expect(await evidence.textContent()).toContain('node');
      // The borrower by name, masked phone and id, one link to their page (docs/decisions/235).
      expect(await page.locator('[data-borrower]').textContent()).toMatch(new RegExp(`^\\S.* · ••••0184 #${borrower.userId}$`));
      expect(await page.locator('[data-borrower]').getAttribute('href')).toBe(`#/borrowers/${borrower.userId}`);
      await screenshot(page, shot);
      await expectAccessible(page);
      await context.close();
    }
  });

  it('an agent corrects a borrower’s name from their rectification request, and the borrower’s profile shows it', { timeout: 240_000 }, async () => {
    const password = staffPasswords.get(AGENT) ?? '';
    expect(password).not.toBe('');
    const session = await certifiedSession(server.baseUrl, server.dataDir, '5517700185');
    const query = { userId: session.userId, sessionId: session.sessionId, language: '1' };
    const request = await borrowerCall<ArcoRequest>(server.baseUrl, query, PrivacyPath.arcoRequest, { kind: 'rectification', description: 'My first names are Gloria Elena, please correct them.' });

    const { context, page } = await newPage(DESKTOP, 'en-US');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/privacy-requests/${request.folio}`);
    const agentSecret = await signIn(page, backofficeEn, AGENT, password, AGENT_PASSWORD, null);
    await page.getByRole('heading', { level: 2, name: backofficeEn['bo.rectify.title'] }).waitFor();
    const given = page.getByLabel(backofficeEn['bo.rectify.givenNames']);
    await expect.poll(() => given.inputValue()).toBe('Gloria');
    await given.fill('Gloria Elena');
    await page.getByLabel(backofficeEn['bo.privacy.answerText']).first().fill('We corrected your first names to Gloria Elena.');
    await screenshot(page, 'backoffice-rectify-1280');
    await expectAccessible(page);
    await page.getByRole('button', { name: backofficeEn['bo.rectify.submit'] }).click();
    await page.getByText(backofficeEn['bo.rectify.done']).waitFor();
    await page.locator('[data-answer]').getByText('We corrected your first names to Gloria Elena.').waitFor();
    expect(await page.getByRole('heading', { name: backofficeEn['bo.rectify.title'] }).count()).toBe(0);
    await screenshot(page, 'backoffice-rectify-done-1280');
    await context.close();

    // The borrower's own profile (the app's user menu) has the corrected name, and the privacy centre shows the answer.
    const menu = await borrowerCall<UserMenu>(server.baseUrl, query, ProfilePath.menu, {});
    expect(menu.profile.name).toBe('Gloria Elena Hernández García');
    for (const language of ['1', '2']) {
      const borrowerPage = await newPage(VIEWPORT, language === '1' ? 'en-US' : 'es-MX');
      await gotoScreen(borrowerPage.page, `${server.baseUrl}/privacyCentre?${new URLSearchParams({ ...query, language })}`);
      await screenLive(borrowerPage.page);
      await borrowerPage.page.getByText('We corrected your first names to Gloria Elena.').waitFor();
      await screenshot(borrowerPage.page, `privacy-centre-rectified-360${language === '1' ? '' : '-es'}`);
      await borrowerPage.context.close();
    }

    // The request reads answered in Spanish too.
    const spanish = await newPage(TABLET, 'es-MX');
    await spanish.page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/privacy-requests/${request.folio}`);
    await signIn(spanish.page, backofficeEs, AGENT, AGENT_PASSWORD, null, agentSecret);
    await spanish.page.locator('[data-answer]').waitFor();
    await screenshot(spanish.page, 'backoffice-rectify-done-820-es');
    await expectAccessible(spanish.page);
    await spanish.context.close();
  });
});
