import { ensureDebianPackage } from './debian-package.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Browser tests need Debian's Chromium; install it when we can, else say exactly how. */
export function ensureChromium() {
  ensureDebianPackage({ path: CHROMIUM_PATH, pkg: 'chromium', purpose: 'The browser tests' });
}
