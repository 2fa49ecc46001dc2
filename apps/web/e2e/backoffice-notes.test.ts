import { BACKOFFICE_PATH, ERROR_MESSAGES, ErrorCode, Limits, MachinePath, type ComplaintInit, type ComplaintSaved } from '@lend/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn, type BackofficeCatalogue } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { backofficeZonesEn } from '../src/locales/en/backoffice-zones';
import { backofficeZonesEs } from '../src/locales/es/backoffice-zones';
import { ADMIN, ADMIN_PASSWORD, DESKTOP, newPage, signIn, startWithFirstAdmin } from './backoffice-e2e';
import { expectAccessible, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { borrowerCall, createSession, placedOrder } from './session';

/**
 * Staff notes on a borrower, an order and a complaint (docs/decisions/236): a member of staff adds
 * one on each page, sees it with their e-mail and the time in the subject's market zone, its line
 * breaks kept, and a note too long refused in their language. At 1280 px, in English and Spanish;
 * the panel does not break at 360 px.
 */
const browser = sharedBrowser();
let server: RunningServer;
let temporaryPassword = '';
/** A Mexican borrower with an order and a complaint about it; an Indian borrower's order, whose times are IST. */
const subjects = { userId: '', mexicanOrder: '', indianOrder: '', folio: '' };

beforeAll(async () => {
  const started = await startWithFirstAdmin('lend-e2e-backoffice-notes-');
  server = started.server;
  temporaryPassword = started.temporaryAdminPassword;
  subjects.mexicanOrder = await placedOrder(server.baseUrl, server.dataDir, '5513970236', 'MX');
  subjects.indianOrder = await placedOrder(server.baseUrl, server.dataDir, '9833270236', 'IN');
  const session = createSession(server.baseUrl, server.dataDir, '5513970236');
  subjects.userId = session.userId;
  const query = { userId: session.userId, sessionId: session.sessionId };
  const init = await borrowerCall<ComplaintInit>(server.baseUrl, query, MachinePath.complaintInit, {});
  const type = init.problemType.find((option) => !init.problemSonType.some((son) => son.parentValue === option.value));
  if (!type) throw new Error('no complaint type without sub-types');
  const saved = await borrowerCall<ComplaintSaved>(server.baseUrl, query, MachinePath.complaintSave, {
    problemType: String(type.value),
    problemSonType: '',
    problemDetail: 'My payment of Monday does not show.',
    problemImage: '',
    orderNo: subjects.mexicanOrder,
  });
  subjects.folio = saved.folio;
}, 240_000);

let signedInPage: { context: BrowserContext; page: Page } | null = null;
afterAll(async () => {
  await signedInPage?.context.close();
  await server?.stop();
});

/** One browser for the file, signed in once (a code is good once), switched to the test's language. */
async function signedIn(language: 'en' | 'es'): Promise<{ page: Page; text: BackofficeCatalogue }> {
  const text = language === 'en' ? backofficeEn : backofficeEs;
  if (!signedInPage) {
    signedInPage = await newPage(browser() as Browser, DESKTOP, 'en-US');
    await signedInPage.page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
    await signIn(signedInPage.page, backofficeEn, ADMIN, temporaryPassword, ADMIN_PASSWORD, null);
  }
  const { page } = signedInPage;
  await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/borrowers`);
  await page.locator('select[name="language"]').selectOption(language);
  await page.getByRole('navigation', { name: text['bo.nav.label'] }).waitFor();
  return { page, text };
}

const ZONES = { en: backofficeZonesEn, es: backofficeZonesEs } as const;

/** Adds a note through the panel and waits for the list the server answers to show it first. */
async function addNote(page: Page, text: BackofficeCatalogue, note: string): Promise<void> {
  const panel = page.locator('section.bo-notes');
  const box = panel.getByLabel(text['bo.notes.text']);
  const button = panel.getByRole('button', { name: text['bo.notes.add'] });
  await box.fill('   ');
  expect(await button.isDisabled()).toBe(true);
  await box.fill(note);
  expect(await panel.locator('.bo-notes__count').textContent()).toBe(
    text['bo.notes.count'].replace('{count}', String(Array.from(note).length)).replace('{max}', String(Limits.staffNoteMax)),
  );
  await button.click();
  await panel.getByRole('status').filter({ hasText: text['bo.notes.added'] }).waitFor();
  expect(await box.inputValue()).toBe('');
}

describe('staff notes in the back office', () => {
  for (const language of ['en', 'es'] as const) {
    it(`adds a note on a borrower, an order and a complaint and shows it with its author and zone (${language})`, { timeout: 240_000 }, async () => {
      const { page, text } = await signedIn(language);
      const pages = [
        { name: 'borrower', hash: `#/borrowers/${subjects.userId}`, market: 'MX' },
        { name: 'order', hash: `#/orders/${subjects.indianOrder}`, market: 'IN' },
        { name: 'complaint', hash: `#/complaints/${subjects.folio}`, market: 'MX' },
      ] as const;
      for (const subject of pages) {
        await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}${subject.hash}`);
        const panel = page.locator('section.bo-notes');
        await panel.getByRole('heading', { level: 2, name: text['bo.notes.title'] }).waitFor();
        const note = `Called the borrower about the ${subject.name} (${language}).\nThey will pay on Friday.`;
        await addNote(page, text, note);
        const first = panel.locator('li[data-note]').first();
        expect(await first.locator('.bo-notes__author').textContent()).toBe(ADMIN);
        expect(await first.locator('time').textContent()).toContain(`(${ZONES[language][subject.market]})`);
        // The text as written, its line break kept on screen.
        expect(await first.locator('.bo-notes__text').textContent()).toBe(note);
        expect(await first.locator('.bo-notes__text').evaluate((element) => (element as HTMLElement).innerText)).toContain('\n');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
        await screenshot(page, `backoffice-notes-${subject.name}-1280-${language}`);
        await expectAccessible(page);
      }

      // Each subject's notes are its own: the Mexican borrower's order has none.
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/orders/${subjects.mexicanOrder}`);
      const orderPanel = page.locator('section.bo-notes');
      await orderPanel.getByText(text['bo.notes.none']).waitFor();
      expect(await orderPanel.locator('li[data-note]').count()).toBe(0);

      // Too long: the server's refusal, in the reader's language, and nothing added.
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/borrowers/${subjects.userId}`);
      const panel = page.locator('section.bo-notes');
      await panel.locator('li[data-note]').first().waitFor();
      const before = await panel.locator('li[data-note]').count();
      await panel.getByLabel(text['bo.notes.text']).fill('x'.repeat(Limits.staffNoteMax + 1));
      expect(await panel.locator('.bo-notes__count--over').count()).toBe(1);
      await panel.getByRole('button', { name: text['bo.notes.add'] }).click();
      expect(await panel.getByRole('alert').textContent()).toBe(ERROR_MESSAGES[ErrorCode.StaffNoteTooLong][language]);
      expect(await panel.locator('li[data-note]').count()).toBe(before);
      await screenshot(page, `backoffice-notes-refused-1280-${language}`);
    });
  }

  it('keeps the notes panel inside a 360 px screen', { timeout: 120_000 }, async () => {
    const { page, text } = await signedIn('es');
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/complaints/${subjects.folio}`);
      const panel = page.locator('section.bo-notes');
      await panel.getByRole('heading', { level: 2, name: text['bo.notes.title'] }).waitFor();
      await panel.locator('li[data-note]').first().waitFor();
      const box = await panel.evaluate((element) => ({ right: element.getBoundingClientRect().right, scroll: element.scrollWidth, client: element.clientWidth }));
      expect(box.right).toBeLessThanOrEqual(360);
      expect(box.scroll).toBeLessThanOrEqual(box.client);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'backoffice-notes-complaint-360-es');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
