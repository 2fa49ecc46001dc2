import { AppRoute } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, sharedBrowser, openPage, screenshot } from './browser';
import { LANGUAGE_CASES, fill } from './languages';
import { ownServer } from './own-server';

const { baseUrl } = ownServer();
const browser = sharedBrowser();

describe.each(LANGUAGE_CASES)('borrower static screens in $language', ({ flag, language, text }) => {
  const brand = text['brand.name'];

  it('about us shows the welcome text and the logo', async () => {
    const { context, page } = await openPage(browser());
    await gotoScreen(page, `${baseUrl}${AppRoute.aboutUs}?language=${flag}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text['aboutUs.title']);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(fill(text['aboutUs.welcome'], { brand }));
    expect(await page.getByRole('img', { name: fill(text['brand.logoAlt'], { brand }) }).isVisible()).toBe(true);
    expect(await page.title()).toContain(text['aboutUs.title']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `about-us-${language}`);
    await expectAccessible(page);
    await context.close();
  });

  it('login failure shows the failure word and offers no action', async () => {
    const { context, page } = await openPage(browser());
    await gotoScreen(page, `${baseUrl}${AppRoute.loginFailure}?language=${flag}`);
    const word = page.getByText(text['loginFailure.word'], { exact: true });
    await word.waitFor();
    expect(await word.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(198, 42, 31)');
    expect(await page.getByText(text['loginFailure.body']).isVisible()).toBe(true);
    expect(await page.locator('main a, main button').count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `login-failure-${language}`);
    await expectAccessible(page);
    await context.close();
  });

  it('an unknown address shows the not-found screen with a 404', async () => {
    const { context, page } = await openPage(browser());
    const response = await page.goto(`${baseUrl}/no-such-page?language=${flag}`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text['notFound.title']);
    expect(await page.getByText(text['notFound.body']).isVisible()).toBe(true);
    await screenshot(page, `not-found-${language}`);
    await expectAccessible(page);
    await context.close();
  });
});
