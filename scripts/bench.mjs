// `npm run bench`: what each web area costs a phone on first load, a Lighthouse mobile run of the
// public site's home page, and how fast the server starts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, ensureChromium } from './chromium.mjs';
import { buildWeb, root, webBuildIsStale } from './web-build.mjs';

const AREAS = [
  { name: 'borrower app', path: '/aboutUs?language=2' },
  { name: 'card repayment + promotion (hash routes)', path: '/#/addnormalcard?language=2' },
  { name: 'public site', path: '/' },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server on a fresh data folder and returns the milliseconds until /healthz first answers. */
async function startServer(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const stop = () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')));
  return { ms, stop };
}

function brotliBytes(distDir, pathname) {
  const file = join(distDir, pathname);
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

async function measureAreas(baseUrl) {
  const distDir = join(root, 'apps/web/dist');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const rows = [];
  try {
    for (const area of AREAS) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      const files = { script: new Set(), stylesheet: new Set() };
      page.on('request', (request) => {
        const type = request.resourceType();
        const url = new URL(request.url());
        if ((type === 'script' || type === 'stylesheet') && url.origin === baseUrl) files[type].add(url.pathname);
      });
      await page.goto(`${baseUrl}${area.path}`, { waitUntil: 'networkidle' });
      const sum = (set) => [...set].reduce((total, path) => total + brotliBytes(distDir, path), 0);
      rows.push({ area: area.name, js: sum(files.script), css: sum(files.stylesheet), files: files.script.size + files.stylesheet.size });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Lighthouse's default (mobile) run of one page in a fresh Chromium; returns the four category scores. */
async function lighthouseScores(url) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lend-lighthouse-'));
  const chrome = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  try {
    for (let tries = 0; ; tries += 1) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
      } catch {
        if (tries > 200) throw new Error('Chromium did not open its debugging port');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    return {
      scores: Object.fromEntries(Object.entries(categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)])),
      metrics: {
        'First Contentful Paint': audits['first-contentful-paint']?.displayValue,
        'Largest Contentful Paint': audits['largest-contentful-paint']?.displayValue,
        'Total Blocking Time': audits['total-blocking-time']?.displayValue,
        'Cumulative Layout Shift': audits['cumulative-layout-shift']?.displayValue,
      },
    };
  } finally {
    chrome.kill('SIGKILL');
    await new Promise((r) => (chrome.exitCode === null ? chrome.once('exit', r) : r()));
    rmSync(profile, { recursive: true, force: true });
  }
}

ensureChromium();
if (webBuildIsStale()) buildWeb();

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'lend-bench-'));
try {
  const cold = await startServer(dataDir, port);
  const rows = await measureAreas(`http://127.0.0.1:${port}`);
  const site = await lighthouseScores(`http://127.0.0.1:${port}/`);
  await cold.stop();
  const warm = await startServer(dataDir, port);
  await warm.stop();

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log('\nInitial JavaScript and CSS per web area (brotli bytes, everything loaded until the network is idle)');
  for (const row of rows) console.log(`  ${row.area.padEnd(42)} JS ${kb(row.js).padStart(9)}   CSS ${kb(row.css).padStart(8)}   (${row.files} files)`);
  console.log('\nLighthouse, mobile (simulated slow 4G, mid-range phone), public site home page /');
  for (const [id, score] of Object.entries(site.scores)) console.log(`  ${id.padEnd(42)} ${String(score).padStart(3)}`);
  for (const [name, value] of Object.entries(site.metrics)) console.log(`  ${name.padEnd(42)} ${value}`);
  console.log('\nServer start to first answer (embedded database)');
  console.log(`  first start (migrations + demo data)       ${cold.ms.toFixed(0)} ms`);
  console.log(`  restart on existing data                   ${warm.ms.toFixed(0)} ms`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
