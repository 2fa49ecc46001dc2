// Draws the web app's icons (docs/decisions/240) from the product mark, `public/favicon.svg`, with the
// Chromium the browser tests use, into `public/icons/`: the mark as it is (`any`), and the mark on a
// full square of its own background inside the safe zone a phone may crop to any shape (`maskable`).
// The PNGs are committed; run this again when the mark changes: node apps/web/scripts/app-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = resolve(import.meta.dirname, '../public');
const mark = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const SIZES = [192, 512];

/** The mark's drawing without its rounded background, and that background's colour. */
const background = /<rect\b[^>]*\bfill="([^"]+)"[^>]*\/>/.exec(mark);
if (!background?.[1]) throw new Error('favicon.svg has no background <rect fill="…"/> to draw the maskable icon on');
const drawing = mark.replace(/^<svg\b[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(background[0], '');
/** A maskable icon's safe zone is the circle of 40% of its width about its centre: the mark, shrunk to 80%, stays in it. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="${background[1]}"/><g transform="translate(48 48) scale(0.8) translate(-48 -48)">${drawing}</g></svg>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  mkdirSync(join(publicDir, 'icons'), { recursive: true });
  for (const size of SIZES) {
    for (const [name, svg] of [['icon', mark], ['maskable', maskable]]) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      const sized = svg.replace(/^<svg\b/, `<svg width="${size}" height="${size}"`);
      await page.setContent(`<!doctype html><html><body style="margin:0">${sized}</body></html>`);
      const file = join(publicDir, 'icons', `${name}-${size}.png`);
      await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      await page.close();
      console.log(`wrote ${file}`);
    }
  }
} finally {
  await browser.close();
}
