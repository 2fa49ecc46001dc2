import { AppRoute } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { sharedBrowser, openPage } from './browser';
import { ownServer } from './own-server';

const { baseUrl } = ownServer();
const browser = sharedBrowser();

describe('service worker', () => {
  it('registers in the production build and caches only hashed assets', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}${AppRoute.customerService}?language=1`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The second load goes through the now-controlling worker.
    await page.reload();
    await page.getByRole('alert').waitFor();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    for (const path of cached) expect(path).toMatch(/^\/assets\//);
    await context.close();
  });
});
