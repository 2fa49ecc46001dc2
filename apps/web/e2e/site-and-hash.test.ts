import { describe, expect, it } from 'vitest';
import { expectAccessible, sharedBrowser, openPage, screenshot } from './browser';
import { LANGUAGE_CASES } from './languages';
import { ownServer } from './own-server';

const { baseUrl } = ownServer();
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

describe('the site root page and hash links', () => {
  const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);

  it('a hash link preloads the hash area and its screen from the page, allowed by the policy; the site root only its own area, after its first paint', async () => {
    const { context, page } = await openPage(browser());
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // Without the entry script, every preload there is the page's own.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/#/download?language=2`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.evaluate(preloads).then((paths) => paths.some((path) => /^\/assets\/hash\.es-[\w-]+\.js$/.test(path)))).toBe(true);
    await expect.poll(() => page.evaluate(preloads).then((paths) => paths.some((path) => /^\/assets\/DownloadScreen-[\w-]+\.js$/.test(path)))).toBe(true);
    expect(refused).toEqual([]);

    await page.goto('about:blank');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
    const siteChunks = await page.evaluate(() => (JSON.parse(document.getElementById('hash-area-chunks')?.textContent ?? '{}') as { site: string[] }).site);
    expect(siteChunks.length).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(preloads)).toEqual(siteChunks);
    // Nothing but the page itself before its first paint.
    expect(requested.filter((path) => path.startsWith('/assets/')).every((path) => siteChunks.includes(path) || /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
    expect(refused).toEqual([]);
    await context.close();
  });
});
