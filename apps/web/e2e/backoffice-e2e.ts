import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATOR_BASE, STAFF_COOKIE, STAFF_CSRF_HEADER, StaffPath, type StaffMe } from '@lend/contracts';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BackofficeCatalogue } from '../src/locales/areas/backoffice.en';
import { startServer, type RunningServer } from './global-setup';
import { operatorCli } from './operator-cli';

/** The back office's two widths (docs/decisions/166). */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const TABLET = { width: 820, height: 1180 } as const;

export const ADMIN = 'admin@lender.example';
export const ADMIN_PASSWORD = 'quiet harbour lantern 42';
export const AGENT_PASSWORD = 'amber meadow violin 17';

/**
 * A server of the test file's own whose first administrator the command line made: `staff
 * create-admin` works on the database itself, which the embedded database allows only before a
 * server opens it.
 */
export async function startWithFirstAdmin(prefix: string): Promise<{ server: RunningServer; temporaryAdminPassword: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const created = operatorCli('http://127.0.0.1:9', dataDir, ['staff', 'create-admin', '--email', ADMIN, '--name', 'Ana Admin']) as { temporaryPassword: string };
  return { server: await startServer(dataDir), temporaryAdminPassword: created.temporaryPassword };
}

/**
 * Confirms an administrator another administrator created (docs/decisions/219) the way a lender with
 * one administrator does: on the database itself, with the server stopped, since the embedded
 * database is one process's. Answers the server started again on the same data.
 */
export async function confirmAdminOnDatabase(server: RunningServer, email: string): Promise<RunningServer> {
  await server.halt();
  operatorCli('http://127.0.0.1:9', server.dataDir, ['staff', 'confirm-admin', '--email', email]);
  return startServer(server.dataDir);
}

/** Codes are good once: each sign-in of an account takes the next 30-second step's code. */
const lastStep = new Map<string, number>();
export async function nextCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
  lastStep.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

export async function newPage(browser: Browser, viewport: { width: number; height: number }, locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale });
  return { context, page: await context.newPage() };
}

/** Signs in through the screens; the first time, enrols the authenticator from the secret the screen shows and replaces the temporary password. */
export async function signIn(page: Page, text: BackofficeCatalogue, email: string, password: string, newPassword: string | null, secret: string | null): Promise<string> {
  await page.getByLabel(text['bo.signIn.email']).fill(email);
  await page.getByLabel(text['bo.signIn.password'], { exact: true }).fill(password);
  await page.getByRole('button', { name: text['bo.signIn.submit'] }).click();
  let key = secret;
  if (key === null) {
    await page.getByRole('heading', { name: text['bo.signIn.enrolTitle'] }).waitFor();
    const qr = page.getByRole('img', { name: text['bo.signIn.qrAlt'] });
    await qr.waitFor();
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    key = (await page.locator('code[data-secret]').textContent()) ?? '';
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  } else {
    await page.getByRole('heading', { name: text['bo.signIn.codeTitle'] }).waitFor();
  }
  await page.getByLabel(text['bo.signIn.code']).fill(await nextCode(key));
  await page.getByRole('button', { name: text['bo.signIn.codeSubmit'] }).click();
  if (newPassword !== null) {
    await page.getByRole('heading', { name: text['bo.password.title'] }).waitFor();
    await page.getByLabel(text['bo.password.current']).fill(password);
    await page.getByLabel(text['bo.password.new'], { exact: true }).fill(newPassword);
    await page.getByLabel(text['bo.password.repeat']).fill(newPassword);
    await page.getByRole('button', { name: text['bo.password.submit'] }).click();
  }
  await page.getByRole('navigation', { name: text['bo.nav.label'] }).waitFor();
  return key;
}

/** An operator call made with the staff cookie a browser context holds (and its CSRF token for a POST); resolves to `data`, throws a refusal. */
export async function staffFetch<T>(baseUrl: string, context: BrowserContext, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const cookie = (await context.cookies(`${baseUrl}${OPERATOR_BASE}`)).find((candidate) => candidate.name === STAFF_COOKIE);
  if (!cookie) throw new Error('no staff cookie in the browser');
  const headers: Record<string, string> = { cookie: `${STAFF_COOKIE}=${cookie.value}`, 'content-type': 'application/json' };
  if (method === 'POST') {
    const me = await staffFetch<StaffMe>(baseUrl, context, 'GET', StaffPath.me);
    headers[STAFF_CSRF_HEADER] = me.csrfToken;
  }
  const response = await fetch(`${baseUrl}${OPERATOR_BASE}${path}`, { method, headers, ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}) });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** The confirmation an action that moves money or decides a borrower asks (docs/decisions/235): waits for it, confirms it, and waits for it to close. */
export async function confirmAction(page: Page): Promise<void> {
  const dialog = page.locator('dialog[data-confirm][open]');
  await dialog.waitFor();
  await dialog.locator('button.bo-primary').click();
  await dialog.waitFor({ state: 'detached' });
}
