import { BACKOFFICE_PATH, PrivacyPath, SITE_API_BASE, SitePath, type ArcoRequest } from '@lend/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { ADMIN, ADMIN_PASSWORD, AGENT_PASSWORD, DESKTOP, newPage as newBrowserPage, signIn, startWithFirstAdmin, TABLET } from './backoffice-e2e';
import { expectAccessible, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { borrowerCall, createSession, listProducts, paidOutBorrower } from './session';

/**
 * The back office's people screens (docs/decisions/172, 173): an administrator makes an agent on
 * the staff screen; the agent finds a borrower by phone, signs out one of their devices, answers
 * their privacy request and reads the site's contact messages. Like `backoffice.test.ts`, the first
 * administrator is made by the command line before this file's own server starts.
 */
const browser = sharedBrowser();
const AGENT = 'rosa.agent@lender.example';
const BORROWER_PHONE = '5533221144';
const INDIAN_PHONE = '9833221144';

let server: RunningServer;
let temporaryAdminPassword = '';
beforeAll(async () => {
  ({ server, temporaryAdminPassword } = await startWithFirstAdmin('lend-e2e-backoffice-people-'));
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const newPage = (viewport: { width: number; height: number }, locale: string) => newBrowserPage(browser() as Browser, viewport, locale);

async function leaveContactMessage(email: string, phone: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}${SITE_API_BASE}${SitePath.contactMessages}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Marta Visitante', email, phone, message: '¿Puedo pedir un préstamo si ya tengo otro?' }),
  });
  expect(response.status).toBe(200);
}

describe('the back office: people', () => {
  let agentTemporaryPassword = '';
  let agentSecret = '';

  it('an administrator creates an agent on the staff screen and reads the temporary password once', { timeout: 180_000 }, async () => {
    const text = backofficeEn;
    const { context, page } = await newPage(DESKTOP, 'en-US');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/staff`);
    await page.getByRole('heading', { name: text['bo.signIn.title'] }).waitFor();
    await signIn(page, text, ADMIN, temporaryAdminPassword, ADMIN_PASSWORD, null);
    await page.getByRole('heading', { level: 1, name: text['bo.staff.title'] }).waitFor();
    await page.locator('tbody tr').first().waitFor();

    await page.getByLabel(text['bo.staff.name']).fill('Rosa Agente');
    await page.getByLabel(text['bo.staff.email']).fill(AGENT);
    await page.getByLabel(text['bo.staff.role']).selectOption('agent');
    await page.getByRole('button', { name: text['bo.staff.createSubmit'] }).click();
    const shown = page.locator('[data-temporary-password] code');
    await shown.waitFor();
    agentTemporaryPassword = (await shown.textContent()) ?? '';
    expect(agentTemporaryPassword.length).toBeGreaterThanOrEqual(12);
    await expect.poll(() => page.locator('tbody').textContent()).toContain(AGENT);
    await screenshot(page, 'backoffice-people-staff-1280');
    await expectAccessible(page);

    // Shown once: the list, read again, holds no password.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: text['bo.staff.title'] }).waitFor();
    await expect.poll(() => page.locator('tbody').textContent()).toContain(AGENT);
    expect(await page.content()).not.toContain(agentTemporaryPassword);
    await context.close();
  });

  it('the agent finds a borrower by phone, signs out a device, answers a privacy request and reads a contact message', { timeout: 240_000 }, async () => {
    expect(agentTemporaryPassword).not.toBe('');
    const text = backofficeEn;
    const product = (await listProducts(server.baseUrl, server.dataDir)).find((candidate) => candidate.code === 'peso-flex-91');
    if (!product) throw new Error('no product peso-flex-91');
    const session = await paidOutBorrower(server.baseUrl, server.dataDir, BORROWER_PHONE, product.id);
    const query = { userId: session.userId, sessionId: session.sessionId, language: '1' };
    const request = await borrowerCall<ArcoRequest>(server.baseUrl, query, PrivacyPath.arcoRequest, { kind: 'access', description: 'Please send me every piece of data you hold about me.' });
    await leaveContactMessage('marta.visitante@example.com', '+52 81 2345 6789');
    // A borrower in India files a grievance under the DPDP Act (docs/decisions/231).
    const indian = createSession(server.baseUrl, server.dataDir, INDIAN_PHONE, 'IN');
    const grievance = await borrowerCall<ArcoRequest>(server.baseUrl, { userId: indian.userId, sessionId: indian.sessionId, language: '1' }, PrivacyPath.arcoRequest, {
      kind: 'grievance',
      description: 'You texted my loan details to my brother.',
    });

    const { context, page } = await newPage(DESKTOP, 'en-US');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    agentSecret = await signIn(page, text, AGENT, agentTemporaryPassword, AGENT_PASSWORD, null);
    const nav = page.getByRole('navigation', { name: text['bo.nav.label'] });
    expect(await nav.getByRole('link', { name: text['bo.nav.staff'] }).count()).toBe(0);

    // The borrower, by the last digits of the phone.
    await nav.getByRole('link', { name: text['bo.nav.borrowers'] }).click();
    await page.getByLabel(text['bo.borrowers.search']).fill('3322 1144');
    await page.getByRole('button', { name: text['bo.borrowers.find'] }).click();
    const hit = page.locator(`tbody tr[data-row="${session.userId}"]`);
    await hit.waitFor();
    expect(await hit.textContent()).toContain(`+52${BORROWER_PHONE}`);
    await screenshot(page, 'backoffice-people-search-1280');
    await hit.click();
    await page.getByRole('heading', { name: text['bo.borrowers.sessions'] }).waitFor();
    await page.getByRole('link', { name: request.folio }).waitFor();
    await page.getByRole('cell', { name: session.orderNo }).waitFor();
    // The national id shows only its last four characters.
    expect(await page.locator('dl.bo-facts').textContent()).toMatch(/CURP ••••[A-Z0-9]{4}/);
    await screenshot(page, 'backoffice-people-borrower-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: text['bo.borrowers.endSession'] }).first().click();
    await page.getByText(text['bo.borrowers.sessionEnded']).waitFor();
    await expect.poll(() => page.getByRole('button', { name: text['bo.borrowers.endSession'] }).count()).toBe(0);
    await expect(borrowerCall(server.baseUrl, query, PrivacyPath.overview, {})).rejects.toThrow();

    // The privacy request from the borrower's page; answered from the screen.
    await page.getByRole('link', { name: request.folio }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(request.folio) }).waitFor();
    await page.getByText('Please send me every piece of data you hold about me.').waitFor();
    await page.getByLabel(text['bo.privacy.answerText']).fill('Your data is in the download of your privacy centre.');
    await screenshot(page, 'backoffice-people-privacy-request-1280');
    await expectAccessible(page);
    await page.getByRole('button', { name: text['bo.privacy.answerSend'] }).click();
    await page.getByText(text['bo.privacy.answerSent']).waitFor();
    await page.locator('[data-answer]').waitFor();

    // The privacy list: open requests first by their answer date; the answered one is under its state.
    await nav.getByRole('link', { name: text['bo.nav.privacyRequests'] }).click();
    await page.getByRole('heading', { level: 1, name: text['bo.privacy.title'] }).waitFor();
    await page.getByLabel(text['bo.privacy.state']).selectOption('answered');
    await page.locator(`tbody tr[data-row="${request.folio}"]`).waitFor();
    await screenshot(page, 'backoffice-people-privacy-1280');
    // India's grievance is open, named with its market, under India's rule beside Mexico's.
    await page.getByLabel(text['bo.privacy.state']).selectOption('open');
    const indianRow = page.locator(`tbody tr[data-row="${grievance.folio}"]`);
    await indianRow.waitFor();
    expect(await indianRow.textContent()).toContain(text['bo.privacy.kind.grievance']);
    expect(await indianRow.textContent()).toContain(text['bo.cfg.market.IN']);
    expect(await indianRow.textContent()).toContain(grievance.answerDue.slice(0, 4));
    await page.getByText(text['bo.privacy.rule'].replace('{mxDays}', '20').replace('{inDays}', '30')).waitFor();
    await screenshot(page, 'backoffice-people-privacy-open-1280');
    await expectAccessible(page);

    // The contact message, found by part of its phone, marked answered.
    await nav.getByRole('link', { name: text['bo.nav.contactMessages'] }).click();
    await page.getByRole('heading', { level: 1, name: text['bo.contact.title'] }).waitFor();
    await expect.poll(() => page.locator('tbody').textContent()).toContain('marta.visitante@example.com');
    await page.getByLabel(text['bo.contact.search']).fill('2345 67');
    await page.getByRole('button', { name: text['bo.table.filter'] }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.locator('tbody tr').first().click();
    await page.getByLabel(text['bo.contact.answerNote']).fill('Called her back; she will apply next week.');
    await screenshot(page, 'backoffice-people-contact-1280');
    await expectAccessible(page);
    await page.getByRole('button', { name: text['bo.contact.markAnswered'] }).click();
    await page.locator('[data-answer]').waitFor();
    expect(await page.locator('[data-answer]').textContent()).toContain(AGENT);
    await context.close();
  });

  it('on a tablet, in Spanish, the same screens fit the width', { timeout: 180_000 }, async () => {
    expect(agentSecret).not.toBe('');
    const text = backofficeEs;
    await leaveContactMessage('nuevo@example.com', '+52 55 7777 8888');
    const { context, page } = await newPage(TABLET, 'es-MX');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/contact-messages`);
    await signIn(page, text, AGENT, AGENT_PASSWORD, null, agentSecret);
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);

    await page.getByRole('heading', { level: 1, name: text['bo.contact.title'] }).waitFor();
    await expect.poll(() => page.locator('tbody').textContent()).toContain('nuevo@example.com');
    await screenshot(page, 'backoffice-people-contact-820-es');
    await expectAccessible(page);
    await fits();

    await page.evaluate(() => (window.location.hash = '#/privacy-requests?status=any'));
    await page.getByRole('heading', { level: 1, name: text['bo.privacy.title'] }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'backoffice-people-privacy-820-es');
    await fits();

    await page.evaluate((phone) => (window.location.hash = `#/borrowers?q=${phone}`), BORROWER_PHONE);
    await page.locator('tbody tr').first().click();
    await page.getByRole('heading', { name: text['bo.borrowers.consents'] }).waitFor();
    await screenshot(page, 'backoffice-people-borrower-820-es');
    await expectAccessible(page);
    await fits();
    await context.close();
  });
});
