import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppRoute, BORROWER_WEB_COOKIE, LanguageFlag, MARKET_LANGUAGE, Theme, type PhoneMarket } from '@lend/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerEn } from '../src/locales/areas/borrower.en';
import { borrowerEs } from '../src/locales/areas/borrower.es';
import { launchProfileBrowser } from './browser';
import { LANGUAGE_CASES } from './languages';
import { ownServer } from './own-server';
import { createSession, runPhone } from './session';

const { baseUrl, dataDir } = ownServer();

/** The market's name of the app: the product's name in the market's language. */
const BRAND: Record<PhoneMarket, string> = { MX: borrowerEs['brand.name'], IN: borrowerEn['brand.name'] };
const LANG: Record<PhoneMarket, string> = { MX: 'es-MX', IN: 'en-IN' };

type InstalledManifest = { name: string; short_name: string; lang: string; start_url: string; scope: string; id: string; display: string; theme_color: string; background_color: string; icons: { sizes: string; purpose: string }[] };

/** What Chromium itself says of the page as an app: why it could not be installed, and the manifest it read. */
async function appOf(context: BrowserContext, page: Page): Promise<{ errors: unknown[]; manifestErrors: unknown[]; manifest: InstalledManifest; url: string }> {
  const cdp = await context.newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    return { errors: installabilityErrors, manifestErrors: errors, manifest: JSON.parse(data ?? '{}') as InstalledManifest, url };
  } finally {
    await cdp.detach();
  }
}

/** Opens the page and waits for the service worker to control it. */
async function openWithWorker(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * Opens the address in a page of its own, waits for the worker, and expects Chromium to see an app it
 * can install, whose manifest is the market's; the manifest's address.
 */
async function expectInstallable(context: BrowserContext, url: string, market: PhoneMarket): Promise<string> {
  const page = await context.newPage();
  try {
    await openWithWorker(page, url);
    const app = await appOf(context, page);
    expect(app.errors).toEqual([]);
    expect(app.manifestErrors).toEqual([]);
    expectMarketApp(app.manifest, market);
    return app.url;
  } finally {
    await page.close();
  }
}

function expectMarketApp(manifest: InstalledManifest, market: PhoneMarket): void {
  expect(manifest).toMatchObject({
    name: BRAND[market],
    short_name: BRAND[market],
    lang: LANG[market],
    start_url: `${AppRoute.webHome}?language=${MARKET_LANGUAGE[market] === 'en' ? LanguageFlag.English : LanguageFlag.Spanish}`,
    scope: '/',
    display: 'standalone',
    theme_color: Theme.background,
    background_color: Theme.background,
  });
  const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
}

describe('the borrower web app is installable in Chromium (docs/decisions/240)', () => {
  let profile = '';
  let context: BrowserContext | undefined;
  const browser = () => {
    if (!context) throw new Error('the browser is not launched yet');
    return context;
  };
  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'lend-installable-'));
    context = await launchProfileBrowser(profile);
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  for (const { flag, language } of LANGUAGE_CASES) {
    const market: PhoneMarket = language === 'en' ? 'IN' : 'MX';
    it(`/signIn in ${language}: no installability error, the manifest of ${market}`, { timeout: 60_000 }, async () => {
      await browser().clearCookies();
      const url = await expectInstallable(browser(), `${baseUrl}${AppRoute.signIn}?language=${flag}`, market);
      expect(new URL(url).searchParams.get('language')).toBe(flag);
    });
  }

  // Each market's borrower reading the other market's language: the session's market wins over the page's language.
  const SIGNED_IN: readonly { market: PhoneMarket; phone: string; flag: string }[] = [
    { market: 'MX', phone: '5510024501', flag: LanguageFlag.English },
    { market: 'IN', phone: '9810024502', flag: LanguageFlag.Spanish },
  ];
  for (const { market, phone, flag } of SIGNED_IN) {
    it(`/home signed in as a borrower of ${market}, the page in the other market's language: the manifest of ${market}`, { timeout: 60_000 }, async () => {
      const session = createSession(baseUrl, dataDir, runPhone(phone), market);
      await browser().clearCookies();
      await browser().addCookies([{ name: BORROWER_WEB_COOKIE, value: `${session.userId}.${session.sessionId}`, url: baseUrl, httpOnly: true, sameSite: 'Strict' }]);
      await expectInstallable(browser(), `${baseUrl}${AppRoute.webHome}?language=${flag}`, market);
    });
  }
});
