import { describe, expect, inject, it } from 'vitest';
import { expectAccessible, sharedBrowser, openPage, screenshot } from './browser';
import { LANGUAGE_CASES } from './languages';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

describe.each(LANGUAGE_CASES)('hash links in $language', ({ flag, language, text }) => {
  it('a hash-route link reads its query from the hash, and an address without a screen gets the not-found screen', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}/#/noSuchScreen?orderId=1&productId=2&language=${flag}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text['notFound.title']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await screenshot(page, `hash-not-found-${language}`);
    await expectAccessible(page);
    await context.close();
  });
});
