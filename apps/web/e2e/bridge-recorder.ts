import type { BrowserContext, Page } from 'playwright-core';

/** Stands in for the Android host: every message the page posts is kept, across navigations, in order. */
export async function recordBridgeMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const key = 'e2e-bridge-messages';
    Object.assign(window, {
      AndroidBridge: {
        postMessage: (json: string) => {
          const sent = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
          sent.push(JSON.parse(json));
          sessionStorage.setItem(key, JSON.stringify(sent));
        },
      },
    });
  });
}

export async function bridgeMessages(page: Page): Promise<unknown[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-bridge-messages') ?? '[]') as unknown[]);
}
