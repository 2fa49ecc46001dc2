import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../../../scripts/chromium.mjs';
import { SHELL_MARKER } from '../src/app/shell-marker';
import { afterAll, beforeAll, expect } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../../..');
const screensDir = resolve(repoRoot, 'artifacts/screens');

export const VIEWPORT = { width: 360, height: 740 } as const;

/** One browser per spec file, launched before its tests and closed after; call the getter inside tests. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

const CHROMIUM = {
  // The headless shell renders the pages as the whole browser does, at about half its processor time (docs/decisions/251).
  executablePath: HEADLESS_SHELL_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/**
 * A browser with a profile on disk (`userDataDir`) at 360 px: Chromium installs no web app from an
 * incognito window, which every other context is (docs/decisions/240).
 */
export function launchProfileBrowser(userDataDir: string): Promise<BrowserContext> {
  // The whole browser: installing a web app is the browser's own part, which the shell may not keep.
  return chromium.launchPersistentContext(userDataDir, { ...CHROMIUM, executablePath: CHROMIUM_PATH, viewport: VIEWPORT });
}

/**
 * An address of a visitor of its own, new each run (the servers trust the loopback proxy that
 * names it): limits an hour per address are kept by a server across runs (Redis, with
 * `npm run cluster`), so a fixed address would meet an earlier run's count.
 */
export function newVisitorAddress(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A fresh context per test: no cookies, storage or service worker carried over; with `visitor`, its calls come from that address. */
export async function openPage(browser: Browser, visitor?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...(visitor === undefined ? {} : { extraHTTPHeaders: { 'x-forwarded-for': visitor } }) });
  const page = await context.newPage();
  return { context, page };
}

/** Full-page PNG in artifacts/screens/<name>.png, for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: resolve(screensDir, `${name}.png`), fullPage: true });
}

/** The structures this file's scans have already seen (a module's state is its file's in the browser tests). */
const scannedShapes = new Set<string>();

/**
 * The page's structure without its words: each element's tag, role, type, classes, state and
 * whether it holds text. The same screen in the other language has the same shape.
 */
function pageShape(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [location.pathname, location.hash.split('?')[0] ?? ''];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const attributes = ['role', 'type', 'class', 'disabled', 'aria-expanded', 'aria-invalid', 'aria-hidden', 'hidden'].map((name) => element.getAttribute(name) ?? '');
      const hasText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      parts.push(`${element.tagName}|${attributes.join('|')}|${hasText ? 't' : ''}`);
    }
    return parts.join('\n');
  });
}

/**
 * Fails on any serious or critical axe violation, listing each rule and where it hit. A page whose
 * structure this file already scanned (the same screen in the other language) is not scanned again:
 * the rules that read words (names, labels, headings) would only find a text missing, and a unit test
 * proves every text exists in both languages (docs/decisions/200).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const shape = await pageShape(page);
  if (scannedShapes.has(shape)) return;
  scannedShapes.add(shape);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}

/** The page's horizontal overflow: anything wider than the viewport is cut off on a phone. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(VIEWPORT.width);
}

/** How many lines each matched element's text takes on screen: a number or an address must take one. */
export async function linesOf(locator: Locator): Promise<number[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      // One box per line the text runs over; a line's boxes share its top.
      return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
    }),
  );
}

/**
 * Opens a borrower screen and waits until the screen itself has replaced the frame the server
 * painted first (docs/decisions/088), so what a test reads is the live screen.
 */
export async function gotoScreen(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await screenLive(page);
  return response;
}

/** Resolves once the screen on the page has taken over the frame or render the server sent. */
export async function screenLive(page: Page): Promise<void> {
  await page.locator(`#root:not([${SHELL_MARKER}])`).waitFor({ state: 'attached' });
}

/**
 * The words of the page's text that lie under the element's box, as the window shows them now:
 * a control floating over the page must cover none.
 */
export async function wordsUnder(page: Page, locator: Locator): Promise<string[]> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not on screen');
  return page.evaluate(({ x, y, width, height }) => {
    const covered: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (text.trim() === '' || node.parentElement?.closest('[aria-hidden="true"], .visually-hidden, .service-bubble')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const hit = [...range.getClientRects()].some((rect) => rect.width > 0 && rect.left < x + width && rect.right > x && rect.top < y + height && rect.bottom > y);
      if (hit) covered.push(text.trim());
    }
    return covered;
  }, box);
}
