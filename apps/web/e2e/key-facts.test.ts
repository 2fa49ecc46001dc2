import { AppRoute, type ProductSummary } from '@lend/contracts';
import { annualCost, formatAmount, formatAnnualRate, priceLoan, repaymentPlan, type Market } from '@lend/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenshot, sharedBrowser } from './browser';
import { LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { ownServer } from './own-server';
import { approvedSession, createSession, runPhone } from './session';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();
const cli = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);

/** What the loan engine works out for an offer: the figures every screen must repeat. */
function engine(product: ProductSummary, market: Market, amountMinor: number, termDays: number) {
  const price = priceLoan(product.pricing, amountMinor, { termDays });
  const plan = repaymentPlan(price);
  return { price, plan, rate: formatAnnualRate(annualCost(market, price, plan).rate) };
}

/** Each language its own Indian borrower and offer, and its own Mexican one for the contract's cover box. */
const CASES = {
  en: { inPhone: runPhone('9810001431'), mxPhone: runPhone('5510001431'), amount: '7300', termDays: 240 },
  es: { inPhone: runPhone('9810001432'), mxPhone: runPhone('5510001432'), amount: '12500', termDays: 180 },
} as const;

describe.each(LANGUAGE_CASES)('Key Facts Statement in $language', ({ flag, language, text }) => {
  const setup = CASES[language];
  let products: ProductSummary[] = [];
  let context: BrowserContext;
  let page: Page;
  const product = (code: string) => products.find((p) => p.code === code) as ProductSummary;
  const address = (session: { userId: string; sessionId: string }, path: string, extra: Record<string, string>) =>
    `${baseUrl}${path}?${new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag, ...extra })}`;
  const cell = (row: string) => page.locator(`[data-testid="key-facts"] [data-kf="${row}"] td`).first().innerText();

  beforeAll(async () => {
    products = cli('product', 'list') as ProductSummary[];
    ({ context, page } = await openPage(browser()));
  });
  afterAll(async () => context?.close());

  it('shows an Indian borrower the statement before confirming, with the engine’s figures; signed, it opens from order details', async () => {
    const rupeePlus = product('rupee-plus-180');
    // An Indian borrower who has certified and applied, as the app does: only an approval may confirm.
    const session = await approvedSession(baseUrl, dataDir, setup.inPhone, 'IN');
    cli('offer', 'set', '--user', session.userId, '--product', String(rupeePlus.id), '--amount', setup.amount, '--term', String(setup.termDays));
    const { price, plan, rate } = engine(rupeePlus, 'IN', Number(setup.amount) * 100, setup.termDays);
    const money = (minor: number) => formatAmount(minor, 'IN');

    await gotoScreen(page, address(session, AppRoute.loanConfirm, { productId: String(rupeePlus.id) }));
    await page.getByRole('heading', { name: text['keyFacts.title'] }).waitFor();
    await page.locator('[data-testid="key-facts"]').waitFor();
    expect(await cell('loan-amount')).toBe(money(price.principalMinor));
    expect(await cell('interest')).toBe(money(price.interestMinor));
    expect(await cell('processingFee')).toBe(money(price.commissionMinor));
    expect(await cell('gst')).toBe(money(price.taxMinor));
    expect(await cell('net-disbursed')).toBe(money(price.disbursalMinor));
    expect(await cell('total')).toBe(money(price.totalRepayableMinor));
    expect(await cell('apr')).toBe(rate);
    const instalments = page.locator('[data-kf-instalment]');
    expect(await instalments.count()).toBe(plan.length);
    for (const [index, instalment] of plan.entries()) {
      expect(await instalments.nth(index).locator('strong').innerText()).toBe(money(instalment.amountMinor));
      expect(await instalments.nth(index).locator('td').first().innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    for (const item of ['late', 'coolingOff', 'grievance', 'officer']) expect(await page.locator(`[data-kf="${item}"]`).count()).toBe(1);
    // Counts read in the language's own singular or plural, never "day(s)" or "pago(s)".
    const statement = await page.locator('[data-testid="key-facts"]').innerText();
    expect(statement).not.toMatch(/\(s\)/);
    expect(await cell('term')).toMatch(new RegExp(`^${setup.termDays} ${language === 'en' ? 'days' : 'días'}, ${plan.length} ${language === 'en' ? 'instalments' : 'pagos'}, `));
    expect(await page.locator('[data-kf="coolingOff"]').innerText()).toMatch(language === 'en' ? / \d+ days? of its payout/ : / \d+ días? desde su desembolso/);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, `key-facts-confirm-${language}`);

    await page.getByRole('button', { name: text['loanConfirm.submit'] }).click();
    await page.waitForURL(/\/loanDetails\?/);
    const orderNo = new URL(page.url()).searchParams.get('orderId') ?? '';
    await page.getByRole('link', { name: text['keyFacts.title'] }).click();
    await page.waitForURL(/\/keyFacts\?/);
    await page.locator('[data-testid="key-facts"]').waitFor();
    expect(await page.locator('.key-facts__stamp').innerText()).toContain(orderNo);
    expect(await page.locator('.key-facts__hash code').innerText()).toMatch(/^[0-9a-f]{64}$/);
    expect(await cell('total')).toBe(money(price.totalRepayableMinor));
    expect(await cell('apr')).toBe(rate);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, `key-facts-signed-${language}`);

    const download = await page.getByRole('link', { name: text['keyFacts.download'] }).getAttribute('href');
    const document = await fetch(new URL(download ?? '', baseUrl));
    expect(document.status).toBe(200);
    expect(document.headers.get('content-disposition')).toBe(`attachment; filename="key-facts-${orderNo}.html"`);
    expect(await document.text()).toContain(money(price.totalRepayableMinor));
  });

  it('opens a Mexican contract with its cover box: CAT, interest rate, total to pay and commission together', async () => {
    const pesoFlex = product('peso-flex-91');
    const session = createSession(baseUrl, dataDir, setup.mxPhone, 'MX');
    const { price, rate } = engine(pesoFlex, 'MX', pesoFlex.pricing.defaultAmountMinor, pesoFlex.pricing.termDays);
    await gotoScreen(page, address(session, AppRoute.agreement, { productId: String(pesoFlex.id) }));
    const box = page.getByTestId('cover-box');
    await box.waitFor();
    expect(await box.locator('[data-cover="annual-cost"] dd').innerText()).toBe(rate);
    expect(await box.locator('[data-cover="interest-rate"] dd').innerText()).toBe('18%');
    expect(await box.locator('[data-cover="total"] dd').innerText()).toBe(formatAmount(price.totalRepayableMinor, 'MX'));
    expect(await box.locator('[data-cover="commission"] dd').innerText()).toBe(formatAmount(price.commissionMinor, 'MX'));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, `contract-cover-box-${language}`);
  });
});
