import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  BACKOFFICE_PATH,
  MachinePath,
  StaffPath,
  type ComplaintDetail,
  type ComplaintInit,
  type ComplaintSaved,
} from '@lend/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { ADMIN, ADMIN_PASSWORD, AGENT_PASSWORD, DESKTOP, newPage as newBrowserPage, signIn, staffFetch as sharedStaffFetch, startWithFirstAdmin, TABLET } from './backoffice-e2e';
import { expectAccessible, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { borrowerCall, createSession, DEMO_BORROWER_PHONE, PHOTO } from './session';

/**
 * The back office through its screens (docs/decisions/166–168). The first administrator is made by
 * the command line on the database itself, which the embedded database allows only while no server
 * holds it: this file starts its own server after that.
 */
const root = resolve(import.meta.dirname, '../../..');
const webDist = resolve(root, 'apps/web/dist');
const browser = sharedBrowser();

const AGENT = 'agent@lender.example';

let server: RunningServer;
let temporaryAdminPassword = '';
beforeAll(async () => {
  ({ server, temporaryAdminPassword } = await startWithFirstAdmin('lend-e2e-backoffice-'));
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const newPage = (viewport: { width: number; height: number }, locale: string) => newBrowserPage(browser() as Browser, viewport, locale);

/** An operator call with the browser's own staff cookie, as the back office makes it. */
const staffFetch = <T>(context: BrowserContext, method: 'GET' | 'POST', path: string, body?: unknown) => sharedStaffFetch<T>(server.baseUrl, context, method, path, body);

/** A borrower's complaint with one photo, filed through the borrower API as the app does. */
async function fileComplaint(detail: string): Promise<{ folio: string; problemId: string; query: Record<string, string> }> {
  const session = createSession(server.baseUrl, server.dataDir, DEMO_BORROWER_PHONE);
  const query = { userId: session.userId, sessionId: session.sessionId };
  const init = await borrowerCall<ComplaintInit>(server.baseUrl, query, MachinePath.complaintInit, {});
  const type = init.problemType.find((option) => !init.problemSonType.some((son) => son.parentValue === option.value));
  const orderNo = init.orderDetail?.orderNo ?? init.orderList[0]?.orderNo;
  if (!type || !orderNo) throw new Error('the demo borrower has no order or no complaint type');
  const form = new FormData();
  form.append('problemImage', new Blob([PHOTO], { type: 'image/png' }), 'photo.png');
  const upload = await fetch(`${server.baseUrl}/machine${MachinePath.complaintImageUpload}?${new URLSearchParams(query)}`, { method: 'POST', body: form });
  const uploaded = (await upload.json()) as { code: number; data: { url: string } };
  expect(uploaded.code).toBe(0);
  const saved = await borrowerCall<ComplaintSaved>(server.baseUrl, query, MachinePath.complaintSave, {
    problemType: String(type.value),
    problemSonType: '',
    problemDetail: detail,
    problemImage: uploaded.data.url,
    orderNo,
  });
  return { ...saved, query };
}

describe('the back office', () => {
  let adminSecret = '';
  let agentTemporaryPassword = '';

  it('keeps every back-office file off the borrower and site pages: none is linked, reachable or requested', { timeout: 120_000 }, async () => {
    const manifestOf = (name: string) => JSON.parse(readFileSync(join(webDist, '.vite', name), 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }>;
    const app = manifestOf('manifest.json');
    const backoffice = manifestOf('backoffice-manifest.json');
    const appFiles = new Set(Object.values(app).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
    // What the back office's build wrote that the app's did not: its entry, screens, texts, styles.
    const own = [...new Set(Object.values(backoffice).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]))].filter((file) => !appFiles.has(file));
    expect(own.some((file) => /^assets\/backoffice-.*\.js$/.test(file))).toBe(true);
    expect(own.some((file) => /QrCode/.test(file))).toBe(true);

    // The app's script graph from its one entry, static and dynamic imports alike.
    const reached = new Set<string>();
    const queue = ['index.html'];
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
      const chunk = app[key];
      if (!chunk || reached.has(chunk.file)) continue;
      reached.add(chunk.file);
      for (const css of chunk.css ?? []) reached.add(css);
      queue.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
    }
    expect(own.filter((file) => reached.has(file))).toEqual([]);
    for (const file of reached) {
      if (!file.endsWith('.js')) continue;
      const code = readFileSync(join(webDist, file), 'utf8');
      for (const ownFile of own) expect(code.includes(ownFile.replace('assets/', '')), `${file} names ${ownFile}`).toBe(false);
    }

    // Every page the build wrote (site pages prerendered, borrower screens' pages) but the back office's.
    const pages: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.html') && entry.name !== 'backoffice.html') pages.push(path);
      }
    };
    walk(webDist);
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      for (const ownFile of own) expect(html.includes(ownFile), `${page} links ${ownFile}`).toBe(false);
    }

    // And in a browser: the site's root, a site page and a borrower screen ask for none of them.
    const { context, page } = await newPage(DESKTOP, 'es-MX');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const session = createSession(server.baseUrl, server.dataDir, DEMO_BORROWER_PHONE);
    for (const path of ['/', '/About', `/Dag?${new URLSearchParams({ userId: session.userId, sessionId: session.sessionId })}`]) {
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.mouse.move(10, 10);
      await page.waitForLoadState('networkidle');
    }
    expect(requested.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(requested.filter((path) => own.some((file) => path === `/${file}`) || path.startsWith(BACKOFFICE_PATH))).toEqual([]);
    await context.close();
  });

  it('an administrator enrols, replaces the temporary password, finds a borrower’s complaint by folio, answers it, and reads it in the audit log', { timeout: 180_000 }, async () => {
    const text = backofficeEn;
    const complaint = await fileComplaint('My payment of last Friday does not show on my loan.');
    const { context, page } = await newPage(DESKTOP, 'en-US');
    const answer = await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    expect(answer?.headers()['cache-control']).toBe('no-store');
    await page.getByRole('heading', { name: text['bo.signIn.title'] }).waitFor();
    await screenshot(page, 'backoffice-sign-in-1280');
    await expectAccessible(page);

    // A wrong password is refused in the reader's language.
    await page.getByLabel(text['bo.signIn.email']).fill(ADMIN);
    await page.getByLabel(text['bo.signIn.password'], { exact: true }).fill('not the password at all');
    await page.getByRole('button', { name: text['bo.signIn.submit'] }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The e-mail or password is wrong');

    // The enrolment step is looked at before its code goes in.
    await page.getByLabel(text['bo.signIn.password'], { exact: true }).fill(temporaryAdminPassword);
    await page.getByRole('button', { name: text['bo.signIn.submit'] }).click();
    await page.getByRole('heading', { name: text['bo.signIn.enrolTitle'] }).waitFor();
    await page.getByRole('img', { name: text['bo.signIn.qrAlt'] }).waitFor();
    await screenshot(page, 'backoffice-enrol-1280');
    await page.getByRole('button', { name: text['bo.signIn.startOver'] }).click();
    adminSecret = await signIn(page, text, ADMIN, temporaryAdminPassword, ADMIN_PASSWORD, null);

    // The administrator's navigation: every section, the audit log among them.
    const nav = page.getByRole('navigation', { name: text['bo.nav.label'] });
    for (const label of [text['bo.nav.complaints'], text['bo.nav.orders'], text['bo.nav.staff'], text['bo.nav.audit']]) {
      expect(await nav.getByRole('link', { name: label }).count(), label).toBe(1);
    }
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/complaints');

    // The inbox, overdue first, then narrowed to the folio on the server.
    await page.getByRole('heading', { level: 1, name: text['bo.complaints.title'] }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'backoffice-complaints-1280');
    await expectAccessible(page);
    await page.getByLabel(text['bo.complaints.folioSearch']).fill(complaint.folio);
    await page.getByRole('button', { name: text['bo.table.filter'] }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const row = page.locator(`tbody tr[data-row="${complaint.folio}"]`);
    await row.waitFor();

    // The row is reached by keyboard and Enter opens it.
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: new RegExp(complaint.folio) }).waitFor();
    await page.getByText('My payment of last Friday does not show on my loan.').waitFor();
    const photo = page.getByRole('img', { name: 'Image 1 of the complaint' });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await page.getByRole('heading', { name: text['bo.complaints.concerns'] }).waitFor();

    await page.getByLabel(text['bo.complaints.replyText']).fill('We found your payment and applied it to your loan today.');
    await page.getByLabel(text['bo.complaints.replyImages']).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PHOTO });
    await screenshot(page, 'backoffice-complaint-1280');
    await expectAccessible(page);
    await page.getByRole('button', { name: text['bo.complaints.replySend'] }).click();
    await page.getByText(text['bo.complaints.replySent']).waitFor();
    await page.getByRole('img', { name: 'Image 1 of the reply' }).waitFor();
    await screenshot(page, 'backoffice-complaint-replied-1280');

    // Recorded: the borrower reads the reply and is asked for a score.
    const detail = await borrowerCall<ComplaintDetail>(server.baseUrl, complaint.query, MachinePath.complaintDetail, { problemId: complaint.problemId });
    expect(JSON.stringify(detail)).toContain('We found your payment and applied it to your loan today.');

    // The audit log has the reply, by this administrator.
    await nav.getByRole('link', { name: text['bo.nav.audit'] }).click();
    await page.getByRole('heading', { level: 1, name: text['bo.audit.title'] }).waitFor();
    await page.getByLabel(text['bo.audit.objectId']).fill(complaint.problemId);
    await page.getByLabel(text['bo.audit.objectType']).fill('complaint');
    await page.getByRole('button', { name: text['bo.table.filter'] }).click();
    await expect.poll(() => page.locator('tbody').first().textContent()).toContain('complaint.reply');
    expect(await page.locator('tbody').first().textContent()).toContain(ADMIN);
    await page.getByLabel(text['bo.audit.objectId']).fill('');
    await page.getByLabel(text['bo.audit.objectType']).fill('');
    await page.getByRole('button', { name: text['bo.table.filter'] }).click();
    await expect.poll(() => page.locator('tbody').first().textContent()).toContain('staff.password.changed');
    await screenshot(page, 'backoffice-audit-1280');
    await expectAccessible(page);

    // The agent is made with the API the back office uses (the staff screen itself is walked in backoffice-people.test.ts).
    const created = await staffFetch<{ temporaryPassword: string }>(context, 'POST', StaffPath.accounts, { email: AGENT, name: 'Luis Agente', role: 'agent' });
    agentTemporaryPassword = created.temporaryPassword;
    await page.getByRole('button', { name: text['bo.signOut'] }).click();
    await page.getByText(text['bo.signIn.signedOut']).waitFor();
    await context.close();
  });

  it('an agent on a tablet, in Spanish, sees no audit log, and the sign-in comes back with a word when the session ends', { timeout: 180_000 }, async () => {
    expect(agentTemporaryPassword).not.toBe('');
    const text = backofficeEs;
    const open = await fileComplaint('Me cobraron dos veces la misma cuota.');
    const { context, page } = await newPage(TABLET, 'es-MX');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/complaints?status=open`);
    await page.getByRole('heading', { name: text['bo.signIn.title'] }).waitFor();
    await page.getByLabel(text['bo.signIn.email']).fill(AGENT);
    await page.getByLabel(text['bo.signIn.password'], { exact: true }).fill('contraseña equivocada');
    await page.getByRole('button', { name: text['bo.signIn.submit'] }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('El correo o la contraseña son incorrectos');
    await screenshot(page, 'backoffice-sign-in-refused-820-es');
    await signIn(page, text, AGENT, agentTemporaryPassword, AGENT_PASSWORD, null);

    const nav = page.getByRole('navigation', { name: text['bo.nav.label'] });
    expect(await nav.getByRole('link', { name: text['bo.nav.complaints'] }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: text['bo.nav.audit'] }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: text['bo.nav.orders'] }).count()).toBe(0);
    // The address asked for before signing in is where the agent lands.
    await page.getByRole('heading', { level: 1, name: text['bo.complaints.title'] }).waitFor();
    expect(await page.getByLabel(text['bo.complaints.state']).inputValue()).toBe('open');
    await page.locator(`tbody tr[data-row="${open.folio}"]`).waitFor();
    await screenshot(page, 'backoffice-complaints-820-es');
    await expectAccessible(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(TABLET.width);

    // The replied complaint, on a tablet.
    await page.getByLabel(text['bo.complaints.state']).selectOption('replied');
    await expect.poll(() => page.locator('tbody').textContent()).not.toContain(open.folio);
    await page.locator('tbody tr').first().waitFor();
    await page.locator('tbody tr').first().click();
    await page.locator('[data-reply]').waitFor();
    await screenshot(page, 'backoffice-complaint-820-es');

    // The audit log is not the agent's, whatever the address says; the server refuses it too.
    await page.evaluate(() => (window.location.hash = '#/audit'));
    await page.getByText(text['bo.notAllowed']).waitFor();
    await expect(staffFetch(context, 'GET', StaffPath.audit)).rejects.toThrow(/Su rol no permite|Your role does not allow/);

    // English on request, kept for the next visit.
    await page.getByLabel(text['bo.language']).selectOption('en');
    const englishNav = page.getByRole('navigation', { name: backofficeEn['bo.nav.label'] });
    await englishNav.getByRole('link', { name: backofficeEn['bo.nav.complaints'] }).click();
    await page.getByRole('heading', { level: 1, name: backofficeEn['bo.complaints.title'] }).waitFor();

    // The session ends on the server (as after 15 idle minutes): the next call brings the sign-in back, with why.
    await staffFetch(context, 'POST', StaffPath.signOut);
    await page.getByRole('button', { name: backofficeEn['bo.table.sortBy'].replace('{column}', backofficeEn['bo.complaints.filed']) }).click();
    await page.getByRole('heading', { name: backofficeEn['bo.signIn.title'] }).waitFor();
    await page.getByText(backofficeEn['bo.signIn.sessionEnded'].replace('{minutes}', '15')).waitFor();
    await screenshot(page, 'backoffice-session-ended-820');
    await context.close();
  });

  it('an administrator signs in again with the enrolled authenticator and no password step', { timeout: 120_000 }, async () => {
    expect(adminSecret).not.toBe('');
    const { context, page } = await newPage(TABLET, 'en-US');
    await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/audit`);
    await page.getByRole('heading', { name: backofficeEn['bo.signIn.title'] }).waitFor();
    await signIn(page, backofficeEn, ADMIN, ADMIN_PASSWORD, null, adminSecret);
    await page.getByRole('heading', { level: 1, name: backofficeEn['bo.audit.title'] }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, 'backoffice-audit-820');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(TABLET.width);
    await context.close();
  });
});
