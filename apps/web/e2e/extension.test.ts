import { AppRoute, ERROR_MESSAGES, ErrorCode, LoanStatus, type OrderSummary, type ProductSummary } from '@lend/contracts';
import { addDays, formatAmount } from '@lend/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, linesOf, openPage, screenLive, screenshot, sharedBrowser, VIEWPORT, wordsUnder } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { approvedSession, runPhone } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();
const cli = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);

/** A product that allows extensions; each language has its own fresh borrower. */
const PRODUCT = 'peso-plus-120';
const PHONES = { en: runPhone('5510007701'), es: runPhone('5510007702') } as const;
/** The gap the screen keeps between the service icon and the window's edges. */
const EDGE_GAP = 8;

describe.each(LANGUAGE_CASES)('the extension page in $language', ({ flag, language, text }) => {
  let context: BrowserContext;
  let page: Page;
  let session: { userId: string; sessionId: string };
  let productId = 0;
  let orderNo = '';
  let detailsUrl = '';
  let overdueDay = '';
  let delayUrl = '';
  let chargeMinor = 0;
  let newDate = '';

  const rowValue = async (label: string) =>
    (await page.locator('.detail-list__row').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').textContent()) ?? '';
  const bubble = () => page.getByTestId('service-bubble');
  async function bubbleBox() {
    const box = await bubble().boundingBox();
    if (!box) throw new Error('the service icon is not on screen');
    return box;
  }
  async function expectBubbleOnScreen() {
    const box = await bubbleBox();
    expect(box.y).toBeGreaterThanOrEqual(EDGE_GAP);
    expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height - EDGE_GAP);
  }

  beforeAll(async () => {
    session = await approvedSession(baseUrl, dataDir, PHONES[language]);
    const products = cli('product', 'list') as ProductSummary[];
    productId = products.find((p) => p.code === PRODUCT)?.id ?? 0;
    ({ context, page } = await openPage(browser()));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });

    // An order confirmed through the screen, paid out, then overdue by the operator clock.
    const query = new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag, productId: String(productId) });
    await gotoScreen(page, `${baseUrl}${AppRoute.loanConfirm}?${query}`);
    await page.getByRole('button', { name: text['loanConfirm.submit'] }).click();
    await page.waitForURL(/\/loanDetails\?/);
    detailsUrl = page.url();
    orderNo = new URL(detailsUrl).searchParams.get('orderId') ?? '';
    cli('order', 'approve', orderNo);
    const [paidOut] = cli('order', 'disburse', orderNo) as OrderSummary[];
    overdueDay = addDays(paidOut?.dueDate ?? '', 1);

    cli('order', 'sweep', '--at', overdueDay);
  });
  afterAll(async () => context?.close());

  it("goes from the order's Delay button through the reminder to the extension page", async () => {
    await page.goto(detailsUrl);
    await expect.poll(() => page.locator('.status').getAttribute('data-status')).toBe(String(LoanStatus.Overdue));
    await page.getByRole('button', { name: text['loanDetails.delay'] }).click();
    const reminder = page.getByRole('dialog', { name: text['loanDetails.delayTitle'] });
    await reminder.waitFor();
    await screenshot(page, `extension-reminder-${language}`);
    await reminder.getByRole('link', { name: text['loanDetails.delayConfirm'] }).click();
    await page.waitForURL((url) => url.pathname === AppRoute.delay);
    delayUrl = page.url();
    expect(Object.fromEntries(new URL(delayUrl).searchParams)).toMatchObject({
      orderId: orderNo,
      productId: String(productId),
      userId: session.userId,
      sessionId: session.sessionId,
      language: flag,
    });

    await page.getByTestId('delay-amount').waitFor();
    expect(await page.locator('.product-heading__name').textContent()).toBeTruthy();
    // Overdue: the 7 days count from the day the clock has reached.
    newDate = (await page.getByTestId('delay-date').textContent()) ?? '';
    expect(newDate).toBe(addDays(overdueDay, 7));
    // The charge and the new date are each read whole, on one line, at 360 px.
    expect(await linesOf(page.locator('[data-testid="delay-amount"], [data-testid="delay-date"]'))).toEqual([1, 1]);
    const plan = page.locator('.delay-plan__item');
    expect(await plan.count()).toBeGreaterThan(0);
    expect(await plan.first().locator('.delay-plan__time').textContent()).toContain(newDate);

    const channel = page.getByTestId('delay-channels').locator('.channel').first();
    const href = new URL((await channel.getByRole('link').getAttribute('href')) ?? '', baseUrl);
    chargeMinor = Number(href.searchParams.get('amount'));
    expect(chargeMinor).toBeGreaterThan(0);
    const charge = formatAmount(chargeMinor, 'MX');
    expect(await page.getByTestId('delay-amount').textContent()).toBe(charge);
    // The server's words state the deferral of up to 7 days and what it costs.
    const notice = (await page.getByTestId('delay-notice').textContent()) ?? '';
    expect(notice).toContain(language === 'en' ? 'up to 7 days' : 'hasta 7 días');
    expect(notice).toContain(charge);
    // Dates and amounts inside the notice's sentences and the plan are read whole: none breaks across lines.
    const whole = page.locator('[data-testid="delay-notice"] .whole, .delay-plan .whole');
    expect(await whole.allTextContents()).toEqual(expect.arrayContaining([charge, newDate]));
    expect(new Set(await linesOf(whole))).toEqual(new Set([1]));

    await expectNoHorizontalOverflow(page);
    await screenshot(page, `extension-${language}`);
    await expectAccessible(page);
  });

  it('keeps the customer-service icon off every word: scrolled anywhere, wherever it is dragged', async () => {
    await page.goto(delayUrl);
    await screenLive(page);
    await page.getByTestId('delay-amount').waitFor();
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const bottom = Math.max(0, pageHeight - VIEWPORT.height);
    await bubble().focus();
    // At its start, at the top of the window and at its bottom, the page scrolled to its top, middle and end.
    for (const key of [null, 'Home', 'End']) {
      if (key) await bubble().press(key);
      for (const scrollY of [0, Math.round(bottom / 2), bottom]) {
        await page.evaluate((y) => window.scrollTo(0, y), scrollY);
        expect(await wordsUnder(page, bubble()), `${key ?? 'start'} at ${scrollY}`).toEqual([]);
      }
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `extension-service-lane-${language}`);
  });

  it('copies a reference and shows a barcode that the mask closes', async () => {
    await page.goto(delayUrl);
    await screenLive(page);
    const channel = page.getByTestId('delay-channels').locator('.channel').filter({ has: page.getByTestId('channel-reference') }).first();
    const vCode = (await channel.getByTestId('channel-reference').getAttribute('data-code')) ?? '';
    await channel.getByRole('button', { name: fill(text['channels.copyReference'], { code: vCode }) }).click();
    await expect.poll(() => page.locator('.toast').textContent()).toBe(text['common.copied']);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vCode);
    await screenshot(page, `extension-copied-${language}`);

    const store = page.getByTestId('delay-channels').locator('.channel').filter({ has: page.locator('.channel__barcode') }).first();
    const place = (await store.locator('.channel__desc').textContent()) ?? '';
    const storeCode = (await store.getByTestId('channel-reference').getAttribute('data-code')) ?? '';
    await store.getByRole('button', { name: fill(text['channels.showBarcode'], { place }), exact: true }).click();
    const modal = page.getByRole('dialog', { name: text['channels.barcode'], exact: true });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(text['channels.scanToPay']);
    const image = modal.getByRole('img', { name: fill(text['channels.barcodeAlt'], { code: storeCode }) });
    expect(await image.getAttribute('src')).toMatch(/^data:image\//);
    await screenshot(page, `extension-barcode-${language}`);
    await expectAccessible(page);
    await page.mouse.click(4, 4);
    await modal.waitFor({ state: 'hidden' });
  });

  it('moves the customer-service icon by mouse and by keyboard, always on screen', async () => {
    await page.goto(delayUrl);
    await screenLive(page);
    await page.getByTestId('delay-amount').waitFor();
    const service = new URL((await bubble().getAttribute('href')) ?? '', baseUrl);
    expect(service.pathname).toBe(AppRoute.customerService);
    expect(service.searchParams.get('sessionId')).toBe(session.sessionId);
    expect(await bubble().getAttribute('aria-label')).toBe(text['delay.service']);

    const start = await bubbleBox();
    const x = start.x + start.width / 2;
    const y = start.y + start.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 150, { steps: 8 });
    await page.mouse.up();
    expect((await bubbleBox()).y).toBeCloseTo(start.y - 150, 0);
    // A drag is not a tap: the page stays.
    expect(new URL(page.url()).pathname).toBe(AppRoute.delay);
    await screenshot(page, `extension-service-dragged-${language}`);

    // Dragged far past either edge, it stops at the edge.
    for (const target of [-400, VIEWPORT.height + 400]) {
      const box = await bubbleBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, target, { steps: 8 });
      await page.mouse.up();
      await expectBubbleOnScreen();
    }
    expect((await bubbleBox()).y).toBeCloseTo(VIEWPORT.height - EDGE_GAP - start.height, 0);

    // Reached with Tab after the page's last control, then moved with the arrow keys.
    await page.locator('.screen__body :is(a, button):not(.service-bubble)').filter({ visible: true }).last().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('service-bubble');
    const before = (await bubbleBox()).y;
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect((await bubbleBox()).y).toBeCloseTo(before - 48, 0);
    await page.keyboard.press('Home');
    expect((await bubbleBox()).y).toBeCloseTo(EDGE_GAP, 0);
    await page.keyboard.press('ArrowUp');
    await expectBubbleOnScreen();
    await screenshot(page, `extension-service-top-${language}`);

    // A plain tap opens customer service.
    await bubble().click();
    await page.waitForURL((url) => url.pathname === AppRoute.customerService);
    await page.getByRole('heading', { name: text['service.title'] }).waitFor();
    await screenshot(page, `extension-service-opened-${language}`);
  });

  it('moves the customer-service icon with a finger too', async () => {
    const touch = await browser().newContext({ viewport: VIEWPORT, hasTouch: true, isMobile: true });
    try {
      const phone = await touch.newPage();
      await phone.goto(delayUrl);
      // The page arrives rendered with its data; the icon follows a finger once the script has taken it over.
      await screenLive(phone);
      await phone.getByTestId('delay-amount').waitFor();
      const icon = phone.getByTestId('service-bubble');
      const start = await icon.boundingBox();
      if (!start) throw new Error('the service icon is not on screen');
      const x = start.x + start.width / 2;
      const y = start.y + start.height / 2;
      const cdp = await touch.newCDPSession(phone);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let step = 1; step <= 8; step += 1) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - step * 25 }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect.poll(async () => (await icon.boundingBox())?.y).toBeCloseTo(start.y - 200, 0);
      // The page itself did not scroll under the finger, and the drag did not open customer service.
      expect(await phone.evaluate(() => window.scrollY)).toBe(0);
      expect(new URL(phone.url()).pathname).toBe(AppRoute.delay);
      await screenshot(phone, `extension-service-touch-${language}`);
    } finally {
      await touch.close();
    }
  });

  it('sends a channel to the instruction screen with requestType 2 and the charge', async () => {
    await page.goto(delayUrl);
    await screenLive(page);
    const channel = page.getByTestId('delay-channels').locator('.channel').first();
    const payCode = (await channel.getAttribute('data-pay-code')) ?? '';
    await channel.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === AppRoute.repaymentInstruction);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      productId: String(productId),
      orderId: orderNo,
      amount: String(chargeMinor),
      payCode,
      requestType: '2',
      userId: session.userId,
      sessionId: session.sessionId,
      language: flag,
    });
  });

  it('paying the charge at the reference moves the date by 7 days; a second extension is refused', async () => {
    await page.goto(delayUrl);
    await screenLive(page);
    const channel = page.getByTestId('delay-channels').locator('.channel').filter({ has: page.getByTestId('channel-reference') }).first();
    const vCode = (await channel.getByTestId('channel-reference').getAttribute('data-code')) ?? '';
    const payCode = (await channel.getAttribute('data-pay-code')) ?? '';
    cli('payment', 'simulate', '--reference', vCode, '--channel', payCode, '--amount', (chargeMinor / 100).toFixed(2));

    await page.goto(detailsUrl);
    await expect.poll(() => page.locator('.status').getAttribute('data-status')).toBe(String(LoanStatus.Disbursed));
    expect(await rowValue(language === 'en' ? 'Next payment date' : 'Próxima fecha de pago')).toBe(newDate);
    await screenshot(page, `extension-paid-details-${language}`);

    await page.goto(delayUrl);
    await screenLive(page);
    const refusal = page.getByRole('alert').filter({ hasText: ERROR_MESSAGES[ErrorCode.ExtensionNotAvailable][language] });
    await refusal.waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `extension-refused-${language}`);
    await expectAccessible(page);
    // Said once, in place of the screen's data: no toast says it again.
    expect(await page.locator('.toast').count()).toBe(0);
    // The refused screen is no dead end: it leads back to this loan, and to customer service.
    expect(await page.getByTestId('way-on').getByRole('link', { name: text['wayOn.service'] }).getAttribute('href')).toMatch(/^\/Dag\?/);
    await page.getByRole('link', { name: text['wayOn.loan'] }).click();
    await page.waitForURL((url) => url.pathname === AppRoute.loanDetails && url.searchParams.get('orderId') === orderNo);
    await screenLive(page);
    await expect.poll(() => page.locator('.status').getAttribute('data-status')).toBe(String(LoanStatus.Disbursed));
  });
});
