// `npm run bench`: every performance target of the product, measured in one run on the built product
// (docs/decisions/090). Prints each figure beside its target, writes bench/results.json and the
// README's table. A figure outside its target is reported, never a failure: targets are not tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { AppRoute, HashRoute, OPERATOR_BASE, OperatorPath, LoanStatus } from '@lend/contracts';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { measureReadApi } from './bench/read-api.mjs';
import { CHROMIUM_PATH, ensureChromium } from './chromium.mjs';
import { freePort } from './free-port.mjs';
import { ensureServerBuild, serverCommand } from './server-build.mjs';
import { buildWeb, root, webBuildIsStale } from './web-build.mjs';

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const START_RUNS = 3;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DEMO_PHONE = '5500000001';

/** The targets, in one place: each row of the printed table, results.json and the README. */
const TARGETS = {
  performance: { atLeast: 95 },
  accessibility: { atLeast: 100 },
  borrowerFcpMs: { atMost: 1000 },
  borrowerLcpMs: { atMost: 1500 },
  siteLcpMs: { atMost: 1000 },
  siteTbtMs: { atMost: 150 },
  initialJsKb: { atMost: 75 },
  readRatio: { atLeast: 0.3 },
  readP99Ms: { atMost: 50 },
  readErrors: { atMost: 0 },
  embeddedReqPerSec: { atLeast: 1000 },
  restartMs: { atMost: 1500 },
  firstStartMs: { atMost: 4000 },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Starts the compiled server on a data folder; resolves once /healthz answers, with the milliseconds it took. */
async function startServer(dataDir, port) {
  const [command, ...args] = serverCommand();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', DEMO: '1', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
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
  const stop = () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));
  return { ms, stop };
}

/** First start on an empty folder (migrations, demo data) and a restart on it, several times. */
async function measureStarts(port) {
  const first = [];
  const restart = [];
  for (let run = 0; run < START_RUNS; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'lend-bench-start-'));
    try {
      const cold = await startServer(dataDir, port);
      first.push(cold.ms);
      await cold.stop();
      const warm = await startServer(dataDir, port);
      restart.push(warm.ms);
      await warm.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { firstStartMs: Math.round(median(first)), restartMs: Math.round(median(restart)) };
}

async function operatorCall(baseUrl, dataDir, path, { method = 'GET', body } = {}) {
  const token = readFileSync(join(dataDir, 'operator-token'), 'utf8').trim();
  const response = await fetch(`${baseUrl}${OPERATOR_BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = await response.json();
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** The demo borrower's session and the order the borrower screens are measured on: overdue, so every row has data. */
async function demoBorrowerPages(baseUrl, dataDir) {
  const session = await operatorCall(baseUrl, dataDir, OperatorPath.createSession, { method: 'POST', body: { phone: DEMO_PHONE } });
  const orders = await operatorCall(baseUrl, dataDir, `${OperatorPath.orders}?userId=${session.userId}&limit=50`);
  const order = orders.items.find((item) => item.status === LoanStatus.Overdue);
  if (!order) throw new Error('the demo borrower has no overdue order');
  const query = (extra = {}) => new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: '2', ...extra }).toString();
  return [
    { key: 'site', name: 'site `/`', path: '/', kind: 'site' },
    { key: 'orderDetails', name: 'order details with data (`/loanDetails`)', path: `${AppRoute.loanDetails}?${query({ orderId: order.orderNo })}`, kind: 'borrower' },
    { key: 'installments', name: 'installment overview (`/repayment`)', path: `${AppRoute.repayment}?${query({ orderId: order.orderNo })}`, kind: 'borrower' },
    { key: 'complaintHome', name: 'complaint home (`/complaint`)', path: `${AppRoute.complaintHome}?${query()}`, kind: 'borrower' },
    {
      key: 'promotion',
      name: 'promotion landing (`/#/downloadTemplate`)',
      path: `/#${HashRoute.downloadTemplate}?${new URLSearchParams({ id: '1', user_from: 'demo', app_from: 'web', utm_tag: 'try', links_id: '1', language: '2' })}`,
      kind: 'borrower',
    },
  ];
}

function brotliBytes(distDir, pathname) {
  const file = join(distDir, pathname);
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

const AREAS = [
  { key: 'borrower', name: 'borrower app (`/aboutUs`)', path: `${AppRoute.aboutUs}?language=2` },
  { key: 'hash', name: 'card repayment + promotion (`/#/addnormalcard`)', path: `/#${HashRoute.addNormalCard}?language=2` },
  { key: 'site', name: 'public site (`/`)', path: '/' },
];

/** Every same-origin script and stylesheet an area loads until the network is idle, in brotli bytes. */
async function measureAreas(baseUrl) {
  const distDir = join(root, 'apps/web/dist');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
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
      rows.push({ ...area, jsKb: sum(files.script) / 1024, cssKb: sum(files.stylesheet) / 1024, files: files.script.size + files.stylesheet.size });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** One Lighthouse mobile run (the default preset: simulated slow 4G, 4x CPU) in a fresh Chromium profile. */
async function lighthouseRun(url) {
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
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    // BENCH_LHR_DIR keeps each run's full report, to see what a figure is made of.
    if (process.env.BENCH_LHR_DIR) {
      mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      writeFileSync(join(process.env.BENCH_LHR_DIR, `${new URL(url).pathname.replace(/\W/g, '') || 'root'}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    const { categories, audits, runtimeError } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      // Lighthouse's own failure (a trace without a navigation, say) scores 0 without measuring the page.
      failure: runtimeError?.code,
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    };
  } finally {
    chrome.kill('SIGKILL');
    await new Promise((r) => (chrome.exitCode === null ? chrome.once('exit', r) : r()));
    // Chromium's helper processes may still be writing to the profile for a moment after it ends.
    // A profile Chromium is still writing to is left behind rather than failing the measurement.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    } catch (error) {
      console.warn(`could not remove ${profile}: ${error.message}`);
    }
  }
}

/** A run in which Lighthouse itself failed is made again, twice at most; the last one counts whatever it gave. */
async function measuredRun(url) {
  for (let attempt = 1; ; attempt += 1) {
    const { failure, ...metrics } = await lighthouseRun(url);
    if (!failure || attempt === 3) return metrics;
    console.warn(`Lighthouse failed on ${url} (${failure}); running it again`);
  }
}

/** Lighthouse's own advice for a noisy machine: several runs, report the one with the median performance score. */
async function lighthouseMedian(url) {
  const runs = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await measuredRun(url));
  runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return { ...runs[Math.floor(runs.length / 2)], runs: runs.length };
}

/** PostgreSQL for the read benchmark: BENCH_DATABASE_URL, else the local server when it answers. */
async function postgresAdminUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const local = 'postgres://postgres@127.0.0.1:5432/test';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: local, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return local;
  } catch {
    return undefined;
  }
}

function check(value, target) {
  if (value === undefined || Number.isNaN(value)) return false;
  if ('atLeast' in target) return value >= target.atLeast;
  return value <= target.atMost;
}

const targetText = (target, unit = '') => ('atLeast' in target ? `≥ ${target.atLeast}${unit}` : `≤ ${target.atMost}${unit}`);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The rows of the result table: what, measured, target, met. */
function tableRows(results) {
  const rows = [];
  const add = (what, shown, value, target, targetShown) => rows.push({ what, measured: shown, target: targetShown ?? targetText(target), met: check(value, target) });
  for (const page of results.lighthouse) {
    const { metrics } = page;
    add(`${page.name}: Lighthouse performance`, String(metrics.performance), metrics.performance, TARGETS.performance);
    add(`${page.name}: Lighthouse accessibility`, String(metrics.accessibility), metrics.accessibility, TARGETS.accessibility);
    if (page.kind === 'site') {
      add(`${page.name}: LCP`, seconds(metrics.lcpMs), metrics.lcpMs, TARGETS.siteLcpMs, `≤ ${seconds(TARGETS.siteLcpMs.atMost)}`);
      add(`${page.name}: Total Blocking Time`, `${metrics.tbtMs} ms`, metrics.tbtMs, TARGETS.siteTbtMs, targetText(TARGETS.siteTbtMs, ' ms'));
    } else {
      add(`${page.name}: FCP`, seconds(metrics.fcpMs), metrics.fcpMs, TARGETS.borrowerFcpMs, `≤ ${seconds(TARGETS.borrowerFcpMs.atMost)}`);
      add(`${page.name}: LCP`, seconds(metrics.lcpMs), metrics.lcpMs, TARGETS.borrowerLcpMs, `≤ ${seconds(TARGETS.borrowerLcpMs.atMost)}`);
    }
  }
  for (const area of results.areas) {
    add(`initial JavaScript, ${area.name} (brotli; CSS ${area.cssKb.toFixed(1)} kB)`, `${area.jsKb.toFixed(1)} kB`, area.jsKb, TARGETS.initialJsKb, targetText(TARGETS.initialJsKb, ' kB'));
  }
  for (const read of results.reads) {
    const where = read.engine === 'postgres' ? 'PostgreSQL' : 'embedded database';
    const figures = `${Math.round(read.reqPerSec)} req/s, p99 ${read.p99Ms} ms, ${read.errors} errors; bare Fastify ${Math.round(read.bareReqPerSec)} req/s`;
    if (read.engine === 'postgres') {
      add(`order-details read on ${where}: ratio to a bare Fastify route (${figures})`, read.ratio.toFixed(2), read.ratio, TARGETS.readRatio);
      add(`order-details read on ${where}: p99`, `${read.p99Ms} ms`, read.p99Ms, TARGETS.readP99Ms, targetText(TARGETS.readP99Ms, ' ms'));
      add(`order-details read on ${where}: errors`, String(read.errors), read.errors, TARGETS.readErrors, '0');
    } else {
      add(`order-details read on ${where} (${figures})`, `${Math.round(read.reqPerSec)} req/s`, read.reqPerSec, TARGETS.embeddedReqPerSec, targetText(TARGETS.embeddedReqPerSec, ' req/s'));
    }
  }
  add('server start to first answer: restart', seconds(results.starts.restartMs), results.starts.restartMs, TARGETS.restartMs, `≤ ${seconds(TARGETS.restartMs.atMost)}`);
  add('server start to first answer: first start (migrations, demo data)', seconds(results.starts.firstStartMs), results.starts.firstStartMs, TARGETS.firstStartMs, `≤ ${seconds(TARGETS.firstStartMs.atMost)}`);
  return rows;
}

function markdownTable(rows, results) {
  const lines = [
    `\`npm run bench\` on ${results.date} (${results.machine}; Lighthouse 12.8 mobile preset, median of ${LIGHTHOUSE_RUNS} runs; autocannon, 50 connections):`,
    '',
    '| what | measured | target |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.what} | ${row.measured}${row.met ? '' : ' (outside target)'} | ${row.target} |`),
  ];
  if (results.skipped.length > 0) lines.push('', `Not measured in this run: ${results.skipped.join('; ')}.`);
  return lines.join('\n');
}

const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';

function writeReadme(table) {
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start === -1 || end === -1) throw new Error(`README.md has no ${README_START} … ${README_END} block`);
  writeFileSync(readmePath, `${readme.slice(0, start + README_START.length)}\n${table}\n${readme.slice(end)}`);
}

/**
 * `BENCH_ONLY=lighthouse:orderDetails,promotion` measures only those Lighthouse pages (keys of
 * `demoBorrowerPages`) and prints them, leaving results.json and the README alone: for comparing
 * a change to one screen without the whole run.
 */
const only = /^lighthouse:(.+)$/.exec(process.env.BENCH_ONLY ?? '')?.[1]?.split(',');

async function measureOnly(keys) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lend-bench-'));
  try {
    const server = await startServer(dataDir, port);
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      const pages = (await demoBorrowerPages(baseUrl, dataDir)).filter((page) => keys.includes(page.key));
      if (pages.length === 0) throw new Error(`BENCH_ONLY names no page; keys: ${(await demoBorrowerPages(baseUrl, dataDir)).map((page) => page.key).join(', ')}`);
      for (const page of pages) {
        const runs = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
          const metrics = await lighthouseRun(`${baseUrl}${page.path}`);
          runs.push(metrics);
          console.log(`${page.key} run ${run + 1}: ${JSON.stringify(metrics)}`);
        }
        runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
        console.log(`${page.key} median: ${JSON.stringify(runs[Math.floor(runs.length / 2)])}`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureChromium();
if (webBuildIsStale()) buildWeb();
await ensureServerBuild();
if (only) {
  await measureOnly(only);
  process.exit(0);
}

const results = { date: new Date().toISOString().slice(0, 10), machine: `${cpus().length} cores, Node ${process.versions.node}`, skipped: [] };
const port = await freePort();
console.log('Server starts…');
results.starts = await measureStarts(port);

const dataDir = mkdtempSync(join(tmpdir(), 'lend-bench-'));
try {
  const server = await startServer(dataDir, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    console.log('Initial JavaScript and CSS per area…');
    results.areas = await measureAreas(baseUrl);
    results.lighthouse = [];
    for (const page of await demoBorrowerPages(baseUrl, dataDir)) {
      console.log(`Lighthouse: ${page.name}…`);
      results.lighthouse.push({ ...page, metrics: await lighthouseMedian(`${baseUrl}${page.path}`) });
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

results.reads = [];
const postgresUrl = await postgresAdminUrl();
if (postgresUrl) {
  console.log('Order-details read on PostgreSQL…');
  results.reads.push(await measureReadApi({ engine: 'postgres', databaseUrl: postgresUrl, serverCommand: serverCommand() }));
} else {
  results.skipped.push('the read on PostgreSQL (set BENCH_DATABASE_URL, or run PostgreSQL at 127.0.0.1:5432)');
}
console.log('Order-details read on the embedded database…');
results.reads.push(await measureReadApi({ engine: 'pglite', serverCommand: serverCommand() }));

const rows = tableRows(results);
results.rows = rows;
const width = Math.max(...rows.map((row) => row.what.length));
console.log(`\n${results.date}, ${results.machine}`);
for (const row of rows) console.log(`  ${row.what.padEnd(width)}  ${row.measured.padStart(10)}  ${row.target.padEnd(10)} ${row.met ? 'ok' : 'OUTSIDE TARGET'}`);
const outside = rows.filter((row) => !row.met).length;
console.log(outside === 0 ? '\nEvery figure is at or past its target.' : `\n${outside} figure(s) outside their target.`);

mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeReadme(markdownTable(rows, results));
console.log('Wrote bench/results.json and the README table.');
