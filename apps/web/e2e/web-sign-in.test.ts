import { AppRoute, LanguageFlag, PHONE_RULES } from '@lend/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, newVisitorAddress, openPage, screenshot, sharedBrowser } from './browser';
import { LANGUAGE_CASES } from './languages';
import { operatorCliJsonLines } from './operator-cli';
import { ownServer } from './own-server';
import { listProducts, paidOutBorrower, runPhone } from './session';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();
const cli = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);

/** The newest code the sandbox texted to a phone (E.164). */
function latestCode(e164: string): string {
  const messages = cli('sms', 'outbox', '--phone', e164) as { code: string }[];
  return messages.at(-1)?.code ?? '';
}

/** A borrower with a loan paid out, in Mexico; a newcomer in India. */
const PHONES = { es: runPhone('5510024401'), en: runPhone('9810024402') } as const;

const [english, spanish] = LANGUAGE_CASES as [(typeof LANGUAGE_CASES)[number], (typeof LANGUAGE_CASES)[number]];

/** Types the phone, asks for the code and signs in with the one texted to it. */
async function signIn(page: Page, { text, language }: (typeof LANGUAGE_CASES)[number], phone: string, e164: string): Promise<void> {
  await page.getByLabel(text['signIn.phone']).fill(phone);
  await page.getByRole('button', { name: text['signIn.sendCode'] }).click();
  await page.getByLabel(text['signIn.code']).waitFor();
  await screenshot(page, `web-sign-in-code-360-${language}`);
  await page.getByLabel(text['signIn.code']).fill(latestCode(e164));
  await page.getByRole('button', { name: text['signIn.submit'] }).click();
}

describe("signing in from a phone's browser, with no native app (docs/decisions/239)", () => {
  let orderNo = '';
  beforeAll(async () => {
    const peso = (await listProducts(baseUrl, dataDir)).find((product) => product.market === 'MX');
    if (!peso) throw new Error('no Mexican product');
    ({ orderNo } = await paidOutBorrower(baseUrl, dataDir, PHONES.es, peso.id));
  });

  it('in Spanish: a loan opened without a session leads to sign-in and back to the loan; the home lists it; signing out ends the session', { timeout: 120_000 }, async () => {
    const { text } = spanish;
    const { context, page } = await openPage(browser(), newVisitorAddress());
    try {
      const loan = `${AppRoute.loanDetails}?orderId=${orderNo}&language=${LanguageFlag.Spanish}`;
      await gotoScreen(page, `${baseUrl}${loan}`);
      await page.getByRole('button', { name: text['wayOn.signIn'] }).click();
      await page.waitForURL(/\/signIn\?/);
      expect(new URL(page.url()).searchParams.get('next')).toBe(loan);
      await page.getByLabel(text['signIn.phone']).waitFor();
      expect(await page.getByLabel(text['signIn.market']).inputValue()).toBe('MX');
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, 'web-sign-in-360-es');

      // A number that is not Mexico's is refused next to the field, before any code is sent.
      await page.getByLabel(text['signIn.phone']).fill('12345');
      await page.getByRole('button', { name: text['signIn.sendCode'] }).click();
      await expect.poll(() => page.locator('#sign-in-phone-problem').textContent()).toBe(PHONE_RULES.MX.hint.es);

      await signIn(page, spanish, PHONES.es, `+52${PHONES.es}`);
      await page.waitForURL((url) => url.pathname === AppRoute.loanDetails);
      await expect.poll(() => page.locator('.status').count()).toBeGreaterThan(0);
      expect(await page.textContent('body')).toContain(orderNo);
      // The session is a cookie the page's script cannot read.
      const [cookie] = (await context.cookies(baseUrl)).filter((c) => c.name === 'lend_borrower');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(await page.evaluate(() => document.cookie)).not.toContain('lend_borrower');

      // The server renders the home with what may be borrowed, from the cookie's session, before any script.
      const served = await (await context.request.get(`${baseUrl}${AppRoute.webHome}?language=${LanguageFlag.Spanish}`)).text();
      expect(served).toContain('data-product=');
      await gotoScreen(page, `${baseUrl}${AppRoute.webHome}?language=${LanguageFlag.Spanish}`);
      const card = page.locator(`[data-order="${orderNo}"]`);
      await card.waitFor();
      expect(await card.getByRole('link', { name: text['myLoans.details'] }).getAttribute('href')).toContain(orderNo);
      // The product of the loan being repaid says why no second one is offered; the menu leads on.
      await expect.poll(() => page.locator('[data-product] [data-reason="orderInProgress"]').count()).toBeGreaterThan(0);
      await page.getByRole('navigation', { name: text['webHome.menu'] }).getByRole('link', { name: text['webHome.service'] }).waitFor();
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, 'web-home-360-es');

      await page.getByRole('button', { name: text['myLoans.signOut'], exact: true }).click();
      await page.waitForURL((url) => url.pathname === AppRoute.signIn);
      expect((await context.cookies(baseUrl)).filter((c) => c.name === 'lend_borrower')).toEqual([]);
      await gotoScreen(page, `${baseUrl}${AppRoute.webHome}?language=${LanguageFlag.Spanish}`);
      await page.getByRole('button', { name: text['wayOn.signIn'] }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('in English: an Indian newcomer signs in to India, a wrong code is said next to its field, and the home says the profile comes first', { timeout: 120_000 }, async () => {
    const { text } = english;
    const { context, page } = await openPage(browser(), newVisitorAddress());
    try {
      await gotoScreen(page, `${baseUrl}${AppRoute.signIn}?language=${LanguageFlag.English}`);
      expect(await page.getByLabel(text['signIn.market']).inputValue()).toBe('IN');
      await page.getByLabel(text['signIn.phone']).fill(PHONES.en);
      await page.getByRole('button', { name: text['signIn.sendCode'] }).click();
      await page.getByLabel(text['signIn.code']).waitFor();
      expect(await page.getByRole('status').first().textContent()).toContain(`+91${PHONES.en}`);
      const code = latestCode(`+91${PHONES.en}`);
      await page.getByLabel(text['signIn.code']).fill(`${code.slice(0, 5)}${(Number(code.at(-1)) + 1) % 10}`);
      await page.getByRole('button', { name: text['signIn.submit'] }).click();
      await expect.poll(() => page.locator('#sign-in-code-problem').textContent()).not.toBe('');
      expect(await page.getByLabel(text['signIn.code']).getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page);
      await screenshot(page, 'web-sign-in-wrong-code-360-en');

      await page.getByLabel(text['signIn.code']).fill(code);
      await page.getByRole('button', { name: text['signIn.submit'] }).click();
      await page.waitForURL((url) => url.pathname === AppRoute.webHome);
      await expect.poll(() => page.getByText(text['myLoans.none']).count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('language')).toBe(LanguageFlag.English);
      // A newcomer's products of India say, in English, that the profile comes first.
      const blocked = page.locator('[data-product] [data-reason="profileIncomplete"]');
      await expect.poll(() => blocked.count()).toBeGreaterThan(0);
      expect(await page.locator('[data-product]').count()).toBe(await blocked.count());
      expect(await blocked.first().textContent()).toMatch(/profile/i);
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, 'web-home-newcomer-360-en');
    } finally {
      await context.close();
    }
  });
});
