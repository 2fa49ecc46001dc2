// `npm run bench`: every performance target of the product, measured in one run on the built product
// (docs/decisions/090). Prints each figure beside its target, writes bench/results.json and the
// README's table. A figure outside its target is reported, never a failure: targets are not tests.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { measureReadApi } from './bench/read-api.mjs';
import { benchPages, measureScripts } from './bench/screens.mjs';
import { measureSoak } from './bench/soak.mjs';
import { measureVolume, seqScanFailures, VOLUME_TARGETS } from './bench/volume.mjs';
import { CHROMIUM_PATH, ensureChromium } from './chromium.mjs';
import { freePort } from './free-port.mjs';
import { ensureServerBuild, serverCommand } from './server-build.mjs';
import { buildWeb, root, webBuildIsStale } from './web-build.mjs';

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const START_RUNS = 3;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

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
async function lighthouseMedian(url, onRun = () => undefined) {
  const runs = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    runs.push(await measuredRun(url));
    onRun(run + 1, runs.at(-1));
  }
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

/** A screen's figures against its targets: JavaScript, then Lighthouse's (the site's root has its own LCP target and TBT). */
function screenChecks(page) {
  const { js, metrics } = page;
  const checks = [{ what: 'JavaScript (brotli)', shown: `${js.jsKb.toFixed(1)} kB`, value: js.jsKb, target: TARGETS.initialJsKb, unit: ' kB' }];
  if (!metrics) return checks;
  checks.push(
    { what: 'performance', shown: String(metrics.performance), value: metrics.performance, target: TARGETS.performance },
    { what: 'accessibility', shown: String(metrics.accessibility), value: metrics.accessibility, target: TARGETS.accessibility },
  );
  if (page.kind === 'site') {
    checks.push(
      { what: 'LCP', shown: seconds(metrics.lcpMs), value: metrics.lcpMs, target: TARGETS.siteLcpMs, seconds: true },
      { what: 'Total Blocking Time', shown: `${metrics.tbtMs} ms`, value: metrics.tbtMs, target: TARGETS.siteTbtMs, unit: ' ms' },
    );
  } else {
    checks.push(
      { what: 'FCP', shown: seconds(metrics.fcpMs), value: metrics.fcpMs, target: TARGETS.borrowerFcpMs, seconds: true },
      { what: 'LCP', shown: seconds(metrics.lcpMs), value: metrics.lcpMs, target: TARGETS.borrowerLcpMs, seconds: true },
    );
  }
  return checks;
}

const checkTarget = (entry) => (entry.seconds ? `≤ ${seconds(entry.target.atMost)}` : targetText(entry.target, entry.unit ?? ''));

/** The rows of the result table: what, measured, target, met. */
function tableRows(results) {
  const rows = [];
  const add = (what, shown, value, target, targetShown) => rows.push({ what, measured: shown, target: targetShown ?? targetText(target), met: check(value, target) });
  for (const page of results.screens) {
    for (const entry of screenChecks(page)) add(`${page.name}: ${entry.what}`, entry.shown, entry.value, entry.target, checkTarget(entry));
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

/** One line per screen: each figure, marked where it misses its target. */
function screenTable(screens) {
  const mark = (entry) => (entry ? `${entry.shown}${check(entry.value, entry.target) ? '' : ' ✗'}` : '');
  const lines = [
    `| screen | JavaScript (brotli) ${targetText(TARGETS.initialJsKb, ' kB')} | performance ${targetText(TARGETS.performance)} | accessibility ${targetText(TARGETS.accessibility)} | FCP ≤ ${seconds(TARGETS.borrowerFcpMs.atMost)} | LCP ≤ ${seconds(TARGETS.borrowerLcpMs.atMost)} (site ≤ ${seconds(TARGETS.siteLcpMs.atMost)}) |`,
    '|---|---|---|---|---|---|',
  ];
  for (const page of screens) {
    const checks = Object.fromEntries(screenChecks(page).map((entry) => [entry.what, entry]));
    const fcp = page.kind === 'site' ? `TBT ${mark(checks['Total Blocking Time'])}` : mark(checks.FCP);
    lines.push(`| ${page.name} | ${mark(checks['JavaScript (brotli)'])} (${page.js.scripts} files) | ${mark(checks.performance)} | ${mark(checks.accessibility)} | ${fcp} | ${mark(checks.LCP)} |`);
  }
  return lines;
}

function markdownTable(rows, results) {
  const screenRows = new Set(results.screens.flatMap((page) => screenChecks(page).map((entry) => `${page.name}: ${entry.what}`)));
  const lines = [
    `\`npm run bench\` on ${results.date} (${results.machine}; Lighthouse 12.8 mobile preset, median of ${LIGHTHOUSE_RUNS} runs, Spanish, the demo borrower's data; JavaScript downloaded until the screen has painted with its data and the network is idle; autocannon, 50 connections). ✗ marks a figure outside its target.`,
    '',
    ...screenTable(results.screens),
    '',
    '| what | measured | target |',
    '|---|---|---|',
    ...rows.filter((row) => !screenRows.has(row.what)).map((row) => `| ${row.what} | ${row.measured}${row.met ? '' : ' (outside target)'} | ${row.target} |`),
  ];
  if (results.skipped.length > 0) lines.push('', `Not measured in this run: ${results.skipped.join('; ')}.`);
  return lines.join('\n');
}

/** The volume table: the book, each pass, each list and lookup, the read mix (docs/decisions/192). */
function volumeTable(volume, date, machine) {
  const mark = (value, target) => (check(value, target) ? '' : ' (outside target)');
  const { book, passes, read } = volume;
  const lines = [
    `Volume benchmark on ${date} (${machine}; PostgreSQL ${volume.postgres}) on a book of ${book.borrowers.toLocaleString('en')} borrowers and ${book.orders.toLocaleString('en')} orders (\`npm run seed:volume\`${book.seededMs ? `, seeded in ${seconds(book.seededMs)}` : ''}). Lookups: ${volume.lookups[0]?.calls ?? 0} calls each for different borrowers, in the benchmark's process; plans checked for sequential scans of tables of 10,000 rows or more.`,
    '',
    '| what | measured | target |',
    '|---|---|---|',
    `| clock sweep (${passes.sweep.due} due, ${passes.sweep.overdue} overdue, ${passes.sweep.penalised} charged a day) | ${seconds(passes.sweep.ms)}${mark(passes.sweep.ms, VOLUME_TARGETS.passMs)} | ≤ 60 s |`,
    `| reminder pass (${passes.reminders.sent} sent) | ${seconds(passes.reminders.ms)}${mark(passes.reminders.ms, VOLUME_TARGETS.passMs)} | ≤ 60 s |`,
    `| ledger check (${passes.ledgerCheck.ordersChecked.toLocaleString('en')} orders, ${passes.ledgerCheck.mismatches} mismatches) | ${seconds(passes.ledgerCheck.ms)}${mark(passes.ledgerCheck.ms, VOLUME_TARGETS.passMs)} | ≤ 60 s |`,
    `| settlement report of ${passes.settlement.day} (${passes.settlement.matched} payments matched) | ${seconds(passes.settlement.ms)}${mark(passes.settlement.ms, VOLUME_TARGETS.passMs)} | ≤ 60 s |`,
    ...volume.lookups.map(
      (l) => `| ${l.who}: ${l.what}, p99 (p50 ${l.p50Ms} ms${l.errors ? `, ${l.errors} errors` : ''}${l.seqScans.length ? `, SEQUENTIAL SCAN of ${[...new Set(l.seqScans.flatMap((s) => s.tables))].join(', ')}` : ''}) | ${l.p99Ms} ms${mark(l.p99Ms, VOLUME_TARGETS.lookupP99Ms)} | < 50 ms |`,
    ),
    `| order details read by ${read.borrowers.toLocaleString('en')} different borrowers${read.reads ? ` (${read.reads.toLocaleString('en')} reads, each borrower's first before any second)` : ''}: ratio to a bare Fastify route (${read.reqPerSec} req/s, ${read.errors} errors; bare ${read.bareReqPerSec} req/s, p99 ${read.bareP99Ms} ms) | ${read.ratio.toFixed(2)} | reported (docs/decisions/205) |`,
    `| order details read by ${read.borrowers.toLocaleString('en')} different borrowers: p99 | ${read.p99Ms} ms${mark(read.p99Ms, VOLUME_TARGETS.readP99Ms)} | ≤ 50 ms |`,
  ];
  return lines.join('\n');
}

/** Runs the volume benchmark, writes its README block and bench/volume.json; fails on a sequential scan of a big table. */
async function runVolume(borrowers) {
  console.log('Volume benchmark on PostgreSQL…');
  const volume = await measureVolume({ borrowers, log: (line) => console.log(line) });
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.BENCH_VOLUME_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lend_volume' });
  await client.connect();
  volume.postgres = (await client.query('show server_version')).rows[0].server_version.split(' ')[0];
  await client.end();
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  if (!volume.passes || !volume.lookups || !volume.read) {
    // Part of the benchmark (BENCH_VOLUME_PARTS): its figures are printed, never kept as the README's.
    console.log(JSON.stringify(volume, null, 2));
    return volume;
  }
  const table = volumeTable(volume, date, machine);
  console.log(`\n${table}`);
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(join(root, 'bench/volume.json'), `${JSON.stringify({ date, machine, ...volume }, null, 2)}\n`);
  writeReadmeBlock(VOLUME_START, VOLUME_END, table);
  const failures = seqScanFailures(volume);
  if (failures.length > 0) {
    console.error(`\nSequential scans of big tables on request paths:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
  return volume;
}

const VOLUME_START = '<!-- volume:start -->';
const VOLUME_END = '<!-- volume:end -->';

const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';

function writeReadmeBlock(startMark, endMark, table) {
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(startMark);
  const end = readme.indexOf(endMark);
  if (start === -1 || end === -1) throw new Error(`README.md has no ${startMark} … ${endMark} block`);
  writeFileSync(readmePath, `${readme.slice(0, start + startMark.length)}\n${table}\n${readme.slice(end)}`);
}

const writeReadme = (table) => writeReadmeBlock(README_START, README_END, table);

/** JavaScript, then Lighthouse (unless `lighthouse` is false) of each page, printed as it goes. */
async function measureScreens(baseUrl, pages, { lighthouse: withLighthouse = true, log = () => undefined } = {}) {
  const distDir = join(root, 'apps/web/dist');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const measured = [];
  try {
    for (const page of pages) {
      const js = await measureScripts(browser, baseUrl, distDir, page.path);
      log(`${page.key}: JavaScript ${js.jsKb.toFixed(1)} kB in ${js.scripts} files, CSS ${js.cssKb.toFixed(1)} kB`);
      // BENCH_FILES=1 lists each script with its brotli bytes, largest first: what a figure is made of.
      if (process.env.BENCH_FILES) for (const file of js.files) log(`  ${(file.bytes / 1024).toFixed(1).padStart(6)} kB  ${file.path}`);
      measured.push({ ...page, js });
    }
  } finally {
    await browser.close();
  }
  if (!withLighthouse) return measured;
  for (const page of measured) {
    page.metrics = await lighthouseMedian(`${baseUrl}${page.path}`, (run, metrics) => log(`${page.key} run ${run}: ${JSON.stringify(metrics)}`));
    log(`${page.key} median: ${JSON.stringify(page.metrics)}`);
  }
  return measured;
}

/**
 * `BENCH_ONLY=lighthouse:delay,orderDetails` measures only those screens (keys of `benchPages`,
 * `all` for every one), JavaScript and Lighthouse; `BENCH_ONLY=js:…` their JavaScript alone. It
 * prints them and leaves results.json and the README alone: for comparing a change to a few
 * screens without the whole run.
 */
const only = /^(lighthouse|js):(.+)$/.exec(process.env.BENCH_ONLY ?? '');

async function measureOnly(kind, keys) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lend-bench-'));
  try {
    const server = await startServer(dataDir, port);
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      const every = await benchPages(baseUrl, dataDir);
      const pages = keys.includes('all') ? every : every.filter((page) => keys.includes(page.key));
      if (pages.length === 0) throw new Error(`BENCH_ONLY names no page; keys: all, ${every.map((page) => page.key).join(', ')}`);
      const measured = await measureScreens(baseUrl, pages, { lighthouse: kind === 'lighthouse', log: (line) => console.log(line) });
      console.log(`\n${screenTable(measured).join('\n')}`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `--borrowers N`: the volume book's size when it must be seeded (docs/decisions/192). */
const { values: args } = parseArgs({ options: { borrowers: { type: 'string' } } });
const volumeBorrowers = args.borrowers === undefined ? undefined : Number(args.borrowers);

if (process.env.BENCH_ONLY === 'volume') {
  await ensureServerBuild();
  await runVolume(volumeBorrowers);
  process.exit();
}

/** The reliability suite's load tests for 30 s each way; their figures in bench/soak.json. */
async function runSoak(adminUrl) {
  console.log('Soak: the load tests of the reliability suite for 30 s each way…');
  const soak = await measureSoak({ adminUrl });
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(join(root, 'bench/soak.json'), `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), machine: `${cpus().length} cores, Node ${process.versions.node}`, ...soak }, null, 2)}\n`);
  return soak;
}

if (process.env.BENCH_ONLY === 'soak') {
  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) throw new Error('the soak needs PostgreSQL: set BENCH_DATABASE_URL, or run it at 127.0.0.1:5432');
  await ensureServerBuild();
  await runSoak(adminUrl);
  process.exit();
}

ensureChromium();
if (webBuildIsStale()) buildWeb();
await ensureServerBuild();
if (only) {
  await measureOnly(only[1], only[2].split(','));
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
    console.log('Every screen: JavaScript, then Lighthouse…');
    results.screens = await measureScreens(baseUrl, await benchPages(baseUrl, dataDir), { log: (line) => console.log(line) });
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
if (postgresUrl) {
  await runVolume(volumeBorrowers);
  await runSoak(postgresUrl);
} else {
  results.skipped.push('the volume benchmark and the soak (run PostgreSQL at 127.0.0.1:5432, or set BENCH_VOLUME_DATABASE_URL)');
}

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
