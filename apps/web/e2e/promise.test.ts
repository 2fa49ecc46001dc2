import { AppRoute, type OrderSummary } from '@lend/contracts';
import { addDays } from '@lend/domain';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenLive, screenshot, sharedBrowser } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { ownServer } from './own-server';
import { listProducts, paidOutBorrower, runPhone } from './session';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();
const cli = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);

const CASES = { en: { market: 'IN', phone: runPhone('9810042601') }, es: { market: 'MX', phone: runPhone('5510042601') } } as const;

describe.each(LANGUAGE_CASES)('a borrower who cannot pay it all, in $language (docs/decisions/243, 248)', ({ flag, language, text }) => {
  it('promises to pay from the late loan, is told the limits next to the field, sees the promise listed, and asks for a payment plan', { timeout: 120_000 }, async () => {
    const { market, phone } = CASES[language];
    const product = (await listProducts(baseUrl, dataDir)).find((candidate) => candidate.market === market && candidate.code.endsWith('-91'));
    if (!product) throw new Error(`no product in ${market}`);
    const session = await paidOutBorrower(baseUrl, dataDir, phone, product.id, market);
    const order = (cli('order', 'list', '--user', session.userId) as OrderSummary[]).find((candidate) => candidate.orderNo === session.orderNo);
    // The clock runs past the due date: the loan is late, with its days past due and bucket.
    cli('order', 'sweep', '--at', addDays(order?.dueDate ?? '', 3));
    const query = new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, orderId: session.orderNo, language: flag });
    const { context, page } = await openPage(browser());
    try {
      await gotoScreen(page, `${baseUrl}${AppRoute.loanDetails}?${query}`);
      await page.getByTestId('order-promise').click();
      await page.waitForURL((url) => url.pathname === AppRoute.promise);
      await screenLive(page);
      const amount = page.getByLabel(fill(text['promise.amount'], { sign: market === 'IN' ? '₹' : '$' }));
      await amount.waitFor();
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await screenshot(page, `promise-form-${language}`);

      // More than is owed is refused next to the amount, before anything is sent.
      await amount.fill('99,99,999');
      await page.getByRole('button', { name: text['promise.submit'] }).click();
      await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
      await amount.fill('500');
      await page.getByRole('button', { name: text['promise.submit'] }).click();
      await page.getByText(text['promise.saved']).waitFor();
      const listed = page.locator('[data-promise][data-state="open"]');
      await listed.waitFor();
      expect(await listed.textContent()).toContain(text['promise.state.open']);

      // Asking for a plan (docs/decisions/248): what they can pay each week and why; then the request waits, in place of the form.
      const plan = page.locator('form[data-plan-form]');
      await plan.getByLabel(fill(text['plan.amount'], { sign: market === 'IN' ? '₹' : '$' })).fill('300');
      await plan.getByLabel(text['plan.frequency.week']).check();
      await plan.getByLabel(text['plan.reason'], { exact: true }).selectOption('illness');
      await plan.getByLabel(text['plan.note']).fill(language === 'en' ? 'In hospital for two weeks' : 'Estuve hospitalizado dos semanas');
      await plan.getByRole('button', { name: text['plan.submit'] }).click();
      const waiting = page.locator('[data-plan-request="open"]');
      await waiting.waitFor();
      expect(await waiting.textContent()).toContain(text['plan.waiting.week']);
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await screenshot(page, `promise-saved-${language}`);
    } finally {
      await context.close();
    }
  });
});
