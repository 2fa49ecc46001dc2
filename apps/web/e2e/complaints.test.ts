import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AppRoute,
  ERROR_MESSAGES,
  ErrorCode,
  Limits,
  LoanStatus,
  loanStatusText,
  operatorComplaintListSchema,
} from '@lend/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, sharedBrowser } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCli } from './operator-cli';
import { createSession, DEMO_BORROWER_PHONE } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();
const scratch = mkdtempSync(join(tmpdir(), 'lend-e2e-complaints-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A real PNG drawn by the page's canvas, a different colour each time. */
async function drawPng(page: Page, hue: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((h) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = `hsl(${h} 70% 55%)`;
    context.fillRect(0, 0, 160, 120);
    context.fillStyle = '#fff';
    context.fillRect(20, 20, 60, 40);
    return canvas.toDataURL('image/png');
  }, hue);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

const toast = (page: Page) => page.locator('.toast');

/** Checks the screen at 360 px and saves it once any passing toast has gone. */
async function checkScreen(page: Page, name: string) {
  await toast(page).waitFor({ state: 'detached', timeout: 5_000 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, name);
  await expectAccessible(page);
}

describe.each(LANGUAGE_CASES)('complaints in $language', ({ flag, language, text }) => {
  it('files a complaint with images, then reads the lender’s reply and rates it', { timeout: 150_000 }, async () => {
    const session = createSession(baseUrl, dataDir, DEMO_BORROWER_PHONE);
    const { context, page } = await openPage(browser());
    const common = new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag });
    const statusTitle = (status: number) => loanStatusText(status, language).title;

    // ---- complaint home: pick an order, be refused on collection, pick a child type ----
    await page.goto(`${baseUrl}${AppRoute.complaintHome}?${common}`);
    const types = page.locator('.complaint-type[data-type]');
    await types.first().waitFor();
    expect(await types.count()).toBe(3);
    expect(await page.getByRole('link', { name: text['complaints.home.myComplaints'] }).isVisible()).toBe(true);
    await checkScreen(page, `complaint-home-${language}`);

    const openPicker = () => page.getByRole('button', { name: text['complaints.home.allOrdersLabel'] }).click();
    await openPicker();
    const picker = page.getByRole('dialog', { name: text['complaints.orders.title'] });
    await picker.waitFor();
    expect(await picker.locator('.complaint-picker__item').count()).toBe(7);
    await checkScreen(page, `complaint-orders-${language}`);
    // Statuses the order clock never moves keep this walk independent of other tests' sweeps.
    await picker.locator('.complaint-picker__item', { hasText: statusTitle(LoanStatus.Rejected) }).click();
    await picker.waitFor({ state: 'hidden' });
    expect(await page.locator('.complaint-order .complaint-order__status').textContent()).toContain(statusTitle(LoanStatus.Rejected));

    await types.first().click();
    await expect.poll(() => toast(page).textContent()).toBe(text['complaints.home.collectionRefused']);
    expect(await page.locator('.complaint-types__children').count()).toBe(0);

    await openPicker();
    await picker.locator('.complaint-picker__item', { hasText: statusTitle(LoanStatus.Overdue) }).first().click();
    await picker.waitFor({ state: 'hidden' });
    const orderNo = (await page.locator('.complaint-order').getAttribute('data-order-no')) ?? '';
    expect(orderNo).not.toBe('');
    // Every demo order is a peso loan: pesos on the English page too, in the order's market.
    expect(await page.locator('.complaint-order .complaint-rows dd').first().textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    await types.first().click();
    const children = page.locator('.complaint-types__children .complaint-type');
    await children.first().waitFor();
    expect(await types.first().getAttribute('aria-expanded')).toBe('true');
    await checkScreen(page, `complaint-home-collection-${language}`);
    const childTitle = (await children.first().textContent()) ?? '';
    const childValue = (await children.first().getAttribute('data-son-type')) ?? '';
    await children.first().click();

    // ---- complaint next: counter and cap, empty prompt, images, submit ----
    await page.waitForURL((url) => url.pathname === AppRoute.complaintNext);
    const nextUrl = new URL(page.url());
    expect(Object.fromEntries(nextUrl.searchParams)).toMatchObject({
      problemType: '1',
      problemSonType: childValue,
      orderNo,
      userId: session.userId,
      sessionId: session.sessionId,
      language: flag,
    });
    await page.getByTestId('chosen-son-type').waitFor();
    expect(await page.getByTestId('chosen-son-type').textContent()).toBe(childTitle);
    expect(await page.evaluate((key) => localStorage.getItem(key), `lend.complaint.orderNo.${session.userId}`)).toBe(orderNo);

    const submit = page.getByRole('button', { name: text['complaints.next.submit'], exact: true });
    // Sent empty: said once, under the text box, which takes the focus; no toast covers it.
    await submit.click();
    const box = page.getByRole('textbox', { name: text['complaints.next.description'] });
    await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.complaint-field').first().getByRole('alert').textContent()).toBe(text['complaints.next.empty']);
    expect(await box.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await toast(page).count()).toBe(0);
    await screenshot(page, `complaint-next-empty-${language}`);
    const counter = page.locator('.complaint-counter [aria-hidden="true"]');
    await box.fill('ñ'.repeat(250));
    expect(Array.from(await box.inputValue())).toHaveLength(Limits.complaintTextMax);
    expect(await counter.textContent()).toBe(`${Limits.complaintTextMax}/${Limits.complaintTextMax}`);
    // Markup must come back as the very text typed, never as HTML.
    const complaintText =
      language === 'en' ? 'They called me 12 times at 6 a.m. <b>not bold</b> 😡' : 'Me llamaron 12 veces a las 6 a. m. <b>sin negritas</b> 😡';
    await box.fill(complaintText);
    expect(await counter.textContent()).toBe(`${Array.from(complaintText).length}/${Limits.complaintTextMax}`);

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    // A refused file is said under the images, once: not again in a toast.
    const imagesProblem = page.locator('.complaint-field').nth(1).getByRole('alert');
    await expect.poll(() => imagesProblem.textContent()).toBe(ERROR_MESSAGES[ErrorCode.ComplaintImageNotImage][language]);
    expect(await page.getByText(ERROR_MESSAGES[ErrorCode.ComplaintImageNotImage][language], { exact: true }).count()).toBe(1);

    const pictures = await Promise.all(Array.from({ length: 10 }, (_, i) => drawPng(page, i * 36)));
    await fileInput.setInputFiles(pictures.map((buffer, i) => ({ name: `photo-${i + 1}.png`, mimeType: 'image/png', buffer })));
    const thumbnails = page.locator('.complaint-images__item img');
    await expect.poll(() => thumbnails.count(), { timeout: 30_000 }).toBe(Limits.complaintImagesMax);
    await page.locator('.complaint-images__item--pending').waitFor({ state: 'detached' });
    // The tenth was refused, and the picker is gone once nine are in.
    expect(await fileInput.count()).toBe(0);
    await expect.poll(() => thumbnails.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await checkScreen(page, `complaint-next-${language}`);

    await page.getByRole('button', { name: fill(text['complaints.next.removeImage'], { n: '9' }) }).click();
    expect(await thumbnails.count()).toBe(8);
    expect(await fileInput.count()).toBe(1);

    await submit.click();
    const success = page.getByRole('dialog', { name: text['complaints.next.successTitle'] });
    await success.waitFor();
    // Timed from when the dialog is seen: the screenshot below takes part of the time it stays.
    const shownAt = Date.now();
    const folio = /RC\d{8}/.exec((await success.textContent()) ?? '')?.[0] ?? '';
    expect(folio).not.toBe('');
    await screenshot(page, `complaint-success-${language}`);
    await page.waitForURL((url) => url.pathname === AppRoute.complaintHome);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(Limits.complaintSuccessModalMs - 300);
    expect(await page.evaluate((key) => localStorage.getItem(key), `lend.complaint.orderNo.${session.userId}`)).toBeNull();

    // ---- complaint list: the new complaint is in progress ----
    await page.getByRole('link', { name: text['complaints.home.myComplaints'] }).click();
    await page.waitForURL((url) => url.pathname === AppRoute.complaintList);
    const openTab = page.getByRole('tab', { selected: true });
    await openTab.waitFor();
    expect(await openTab.getAttribute('data-tab')).toBe('open');
    const item = page.locator('.complaint-item', { hasText: folio });
    await item.waitFor();
    expect(await item.locator('.complaint-item__content').textContent()).toBe(complaintText);
    await checkScreen(page, `complaint-list-${language}`);
    await item.click();

    // ---- complaint details: read-only, no reply yet ----
    await page.waitForURL((url) => url.pathname === AppRoute.complaintDetails);
    const problemId = new URL(page.url()).searchParams.get('problemId') ?? '';
    await page.getByTestId('content').waitFor();
    expect(await page.getByTestId('content').textContent()).toBe(complaintText);
    expect(await page.locator('[data-testid="content"] b').count()).toBe(0);
    expect(await page.getByTestId('folio').textContent()).toBe(folio);
    expect(await page.getByTestId('due-date').textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page.getByTestId('son-type').textContent()).toBe(childTitle);
    expect(await page.locator('.complaint-images__item img').count()).toBe(8);
    expect(await page.getByTestId('reply').count()).toBe(0);
    await checkScreen(page, `complaint-details-${language}`);
    // A picture opens whole inside the app and closes again.
    await page.locator('.complaint-images__view').first().click();
    const viewer = page.getByRole('dialog', { name: fill(text['complaints.next.image'], { n: '1' }) });
    await viewer.waitFor();
    await expect.poll(() => viewer.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);
    await viewer.getByRole('button', { name: text['common.close'] }).click();
    await viewer.waitFor({ state: 'hidden' });

    // ---- the lender answers through the operator command line ----
    const replyImage = join(scratch, `reply-${language}.png`);
    writeFileSync(replyImage, await drawPng(page, 200));
    const replyText = language === 'en' ? 'We have stopped the agency and apologise.' : 'Suspendimos a la agencia y le ofrecemos una disculpa.';
    operatorCli(baseUrl, dataDir, ['complaint', 'reply', problemId, '--text', replyText, '--image', replyImage]);

    // The page's clock stands still from here, so the prompt's delay is measured in the page's time, not the machine's.
    await page.clock.install();
    await page.clock.pauseAt(new Date());
    await page.reload();
    const reply = page.getByTestId('reply');
    await reply.waitFor();
    expect(await reply.locator('.complaint-text').textContent()).toBe(replyText);
    const replyImg = reply.locator('img');
    expect(await replyImg.count()).toBe(1);
    await expect.poll(() => replyImg.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // ---- the score prompt opens after 3 s and stores a score ----
    const scoreDialog = page.getByRole('dialog', { name: text['complaints.score.title'] });
    await page.clock.runFor(Limits.complaintScoreDelayMs - 500);
    expect(await scoreDialog.isVisible()).toBe(false);
    await page.clock.runFor(1_000);
    // Time runs again for what the prompt itself waits on (its animation frames).
    await page.clock.resume();
    await scoreDialog.waitFor({ timeout: 10_000 });
    await checkScreen(page, `complaint-score-${language}`);
    await scoreDialog.getByRole('button', { name: text['complaints.score.send'] }).click();
    // Said in the dialog, under its stars: a toast would sit under the dialog's mask.
    await expect.poll(() => scoreDialog.getByRole('alert').textContent()).toBe(text['complaints.score.choose']);
    // A borrower taps the fourth star; the radio behind it carries the accessible name.
    await scoreDialog.locator('.complaint-star').nth(3).click();
    expect(await scoreDialog.getByRole('radio', { name: fill(text['complaints.score.star'], { n: '4' }) }).isChecked()).toBe(true);
    expect(await scoreDialog.locator('.complaint-star--on').count()).toBe(4);
    await scoreDialog.getByRole('button', { name: text['complaints.score.send'] }).click();
    await scoreDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('score').textContent()).toContain(fill(text['complaints.details.yourScore'], { score: '4' }));
    await checkScreen(page, `complaint-details-replied-${language}`);

    const stored = operatorComplaintListSchema.parse(operatorCli(baseUrl, dataDir, ['complaint', 'list', '--status', 'replied']));
    expect(stored.items.find((c) => c.problemId === problemId)).toMatchObject({ score: 4, content: complaintText, folio });
    expect(stored.items.find((c) => c.problemId === problemId)?.images).toHaveLength(8);
    await context.close();
  });
});
