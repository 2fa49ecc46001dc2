import { AppRoute, LanguageFlag, OFFLINE_PAGES, SiteRoute } from '@lend/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { offlineTexts } from '../src/app/borrower/offline-page';
import { expectAccessible, expectNoHorizontalOverflow, openPage, screenshot, sharedBrowser } from './browser';
import { LANGUAGE_CASES } from './languages';
import { ownServer } from './own-server';

const { baseUrl } = ownServer();
const browser = sharedBrowser();

/** Every request the worker's caches hold, as path and query. */
const cachedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

describe('service worker', () => {
  it('registers in the production build and caches only hashed assets and the offline pages', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}${AppRoute.customerService}?language=1`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The second load goes through the now-controlling worker.
    await page.reload();
    await page.getByRole('alert').waitFor();
    const cached = await cachedAddresses(page);
    expect(cached.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(0);
    // No page, no API answer: build files and the offline pages precached at install (docs/decisions/240).
    const offline: string[] = Object.values(OFFLINE_PAGES);
    for (const path of cached) expect(path.startsWith('/assets/') || offline.includes(path), path).toBe(true);
    expect(cached.filter((path) => offline.includes(path)).sort()).toEqual([...offline].sort());
    await context.close();
  });

  for (const { flag, language, text } of LANGUAGE_CASES) {
    it(`answers a borrower screen with the offline page when the network fails, and the real page once it is back (${language})`, { timeout: 60_000 }, async () => {
      const { context, page } = await openPage(browser());
      try {
        const home = `${baseUrl}${AppRoute.webHome}?language=${flag}`;
        await page.goto(home);
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.reload();
        await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

        await context.setOffline(true);
        await page.goto(home);
        await page.getByRole('heading', { level: 1, name: offlineTexts(language).title }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        // The offline page stands in at the screen's own address: "try again" is that address.
        expect(new URL(page.url()).pathname).toBe(AppRoute.webHome);
        await expectAccessible(page);
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `offline-360-${language}`);

        await context.setOffline(false);
        await page.getByRole('link', { name: offlineTexts(language).retry }).click();
        await page.getByRole('button', { name: text['wayOn.signIn'] }).waitFor();
        expect(await page.getByRole('heading', { level: 1, name: offlineTexts(language).title }).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it('leaves every other address to the browser: offline, the site and the API fail as the browser fails them', async () => {
    const { context, page } = await openPage(browser());
    try {
      await page.goto(`${baseUrl}${AppRoute.customerService}?language=${LanguageFlag.English}`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await context.setOffline(true);
      await expect(page.goto(`${baseUrl}${SiteRoute.about}?language=${LanguageFlag.English}`)).rejects.toThrow();
      await context.setOffline(false);
    } finally {
      await context.close();
    }
  });
});
