import { ensureDebianPackage } from './debian-package.mjs';

/** The whole browser: the benchmarks' Lighthouse runs and the browser tests that install the web app. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * Chromium's headless shell, the same engine without the browser's interface: the browser tests'
 * pages, at about half the processor time of the whole browser (docs/decisions/251).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

/** Browser tests need Debian's Chromium and its headless shell; install them when we can, else say exactly how. */
export function ensureChromium() {
  ensureDebianPackage({ path: CHROMIUM_PATH, pkg: 'chromium', purpose: 'The browser tests' });
  ensureDebianPackage({ path: HEADLESS_SHELL_PATH, pkg: 'chromium-headless-shell', purpose: 'The browser tests' });
}
