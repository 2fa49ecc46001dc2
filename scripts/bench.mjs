// `npm run bench`: every performance target of the product, measured in one run on the built product
// (docs/decisions/090). Prints each figure beside its target, writes bench/results.json and the
// README's table. A figure outside its target is reported, never a failure: targets are not tests.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, lighthouseMedian } from './bench/lighthouse.mjs';
import { measureReadApi } from './bench/read-api.mjs';
import { markdownTable, READS_END, READS_START, readsTable, screenTable, tableRows, VOLUME_END, VOLUME_START, volumeTable, writeReadme, writeReadmeBlock } from './bench/readme-tables.mjs';
import { benchPages, measureScripts } from './bench/screens.mjs';
import { measureSoak } from './bench/soak.mjs';
import { measureVolume, seqScanFailures } from './bench/volume.mjs';
import { CHROMIUM_PATH, ensureChromium } from './chromium.mjs';
import { freePort } from './free-port.mjs';
import { ensureServerBuild, serverCommand } from './server-build.mjs';
import { buildWeb, root, webBuildIsStale } from './web-build.mjs';

const START_RUNS = 3;

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

/**
 * Runs the volume benchmark, writes its README block and bench/volume.json; fails on a sequential
 * scan of a big table. `mix`: the read by many borrowers already measured in this run, not measured again.
 */
async function runVolume(borrowers, mix) {
  console.log('Volume benchmark on PostgreSQL…');
  const parts = mix ? new Set(['passes', 'lookups']) : undefined;
  const volume = await measureVolume({ borrowers, log: (line) => console.log(line), ...(parts ? { parts } : {}) });
  if (mix) volume.read = mix;
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

const runDate = () => new Date().toISOString().slice(0, 10);
const machineText = () => `${cpus().length} cores, Node ${process.versions.node}`;

/**
 * The borrower's read, first in every run (docs/decisions/212): the single-order read on PostgreSQL
 * and the embedded database against a bare Fastify route, and the read by many borrowers on the
 * volume book against its floor; the README's reads block is written as soon as they are measured.
 */
async function runReads(postgresUrl, borrowers) {
  const started = performance.now();
  const reads = [];
  const skipped = [];
  let mix;
  if (postgresUrl) {
    console.log('Order-details read by many borrowers on the volume book, against its floor…');
    mix = (await measureVolume({ borrowers, parts: new Set(['read']), log: (line) => console.log(line) })).read;
    console.log('Order-details read on PostgreSQL…');
    reads.push(await measureReadApi({ engine: 'postgres', databaseUrl: postgresUrl, serverCommand: serverCommand() }));
    console.log(JSON.stringify(reads.at(-1)));
  } else {
    skipped.push('the reads on PostgreSQL (set BENCH_DATABASE_URL, or run PostgreSQL at 127.0.0.1:5432)');
  }
  console.log('Order-details read on the embedded database…');
  reads.push(await measureReadApi({ engine: 'pglite', serverCommand: serverCommand() }));
  console.log(JSON.stringify(reads.at(-1)));
  const { table, rows } = readsTable({ date: runDate(), machine: machineText(), reads, mix, skipped });
  console.log(`\n${table}\n\nThe reads took ${Math.round((performance.now() - started) / 1000)} s.`);
  writeReadmeBlock(READS_START, READS_END, table);
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(join(root, 'bench/reads.json'), `${JSON.stringify({ date: runDate(), machine: machineText(), reads, mix, skipped, rows }, null, 2)}\n`);
  return { reads, mix, skipped };
}

if (process.env.BENCH_ONLY === 'reads') {
  await ensureServerBuild();
  await runReads(await postgresAdminUrl(), volumeBorrowers);
  process.exit();
}

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

const results = { date: runDate(), machine: machineText(), skipped: [] };
const postgresUrl = await postgresAdminUrl();
const measuredReads = await runReads(postgresUrl, volumeBorrowers);
results.reads = measuredReads.reads;
results.mix = measuredReads.mix;
results.skipped.push(...measuredReads.skipped);
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

if (postgresUrl) {
  await runVolume(volumeBorrowers, results.mix);
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

// Last, once every table is written: a failing load test of the soak fails the run, but no longer
// leaves the README's tables of this run unwritten (docs/decisions/212).
if (postgresUrl) {
  try {
    await runSoak(postgresUrl);
  } catch (error) {
    console.error(`The soak failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
