import { HashRoute, SiteRoute } from '@lend/contracts';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, sharedBrowser, openPage, screenshot } from './browser';
import { LANGUAGE_CASES } from './languages';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

describe.each(LANGUAGE_CASES)('public site and hash links in $language', ({ flag, language, text }) => {
  it('a site page has the company header, the six-page menu and keeps the language', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}${SiteRoute.about}?language=${flag}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text['site.about.title']);
    expect(await page.getByRole('banner').getByText(text['brand.name'], { exact: true }).isVisible()).toBe(true);
    const menu = page.getByRole('navigation', { name: text['site.navLabel'] }).getByRole('link');
    expect(await menu.count()).toBe(6);
    for (const href of await menu.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(new RegExp(`\\?language=${flag}$`));
    }
    expect(await page.getByRole('contentinfo').textContent()).toContain(String(new Date().getFullYear()));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `site-about-${language}`);
    await expectAccessible(page);

    await page.getByRole('link', { name: text['site.nav.loan'] }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text['site.loan.title']);
    expect(new URL(page.url()).pathname).toBe(SiteRoute.loan);
    expect(new URL(page.url()).searchParams.get('language')).toBe(flag);
    await context.close();
  });

  it('a hash-route link reads its query from the hash and lands on the not-found screen for now', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}/#${HashRoute.borrowDetail}?orderId=1&productId=2&language=${flag}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text['notFound.title']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await screenshot(page, `hash-not-found-${language}`);
    await expectAccessible(page);
    await context.close();
  });
});
