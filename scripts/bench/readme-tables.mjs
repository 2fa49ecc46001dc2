// The bench's figures against their targets: the rows it prints and keeps in bench/results.json, and
// the README's tables, each written between its `<!-- … -->` markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../web-build.mjs';
import { LIGHTHOUSE_RUNS } from './lighthouse.mjs';
import { VOLUME_TARGETS } from './volume.mjs';

/** The targets, in one place: each row of the printed table, results.json and the README. */
const TARGETS = {
  performance: { atLeast: 95 },
  accessibility: { atLeast: 100 },
  borrowerFcpMs: { atMost: 1000 },
  borrowerLcpMs: { atMost: 1500 },
  siteLcpMs: { atMost: 1000 },
  siteTbtMs: { atMost: 150 },
  initialJsKb: { atMost: 75 },
  readRatio: { atLeast: 0.5 },
  readP99Ms: { atMost: 50 },
  readErrors: { atMost: 0 },
  embeddedReqPerSec: { atLeast: 1000 },
  restartMs: { atMost: 1500 },
  firstStartMs: { atMost: 4000 },
};

function check(value, target) {
  if (value === undefined || Number.isNaN(value)) return false;
  if ('atLeast' in target) return value >= target.atLeast;
  if ('below' in target) return value < target.below;
  return value <= target.atMost;
}

const targetText = (target, unit = '') => ('atLeast' in target ? `≥ ${target.atLeast}${unit}` : 'below' in target ? `< ${target.below}${unit}` : `≤ ${target.atMost}${unit}`);
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
export function tableRows(results) {
  const rows = [];
  const add = (what, shown, value, target, targetShown) => rows.push({ what, measured: shown, target: targetShown ?? targetText(target), met: check(value, target) });
  for (const page of results.screens) {
    for (const entry of screenChecks(page)) add(`${page.name}: ${entry.what}`, entry.shown, entry.value, entry.target, checkTarget(entry));
  }
  if (results.mix) rows.push(...readMixRows(results.mix));
  for (const read of results.reads) rows.push(...singleReadRows(read));
  add('server start to first answer: restart', seconds(results.starts.restartMs), results.starts.restartMs, TARGETS.restartMs, `≤ ${seconds(TARGETS.restartMs.atMost)}`);
  add('server start to first answer: first start (migrations, demo data)', seconds(results.starts.firstStartMs), results.starts.firstStartMs, TARGETS.firstStartMs, `≤ ${seconds(TARGETS.firstStartMs.atMost)}`);
  return rows;
}

/** One line per screen: each figure, marked where it misses its target. */
export function screenTable(screens) {
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

/** The README's bench table: the screens' table, then every other figure against its target. */
export function markdownTable(rows, results) {
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
export function volumeTable(volume, date, machine) {
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
    ...Object.entries(passes.bookReports ?? {}).map(([name, { ms }]) => `| book's health: ${name} (docs/decisions/247) | ${seconds(ms)}${mark(ms, VOLUME_TARGETS.passMs)} | ≤ 60 s |`),
    ...volume.lookups.map(
      (l) => `| ${l.who}: ${l.what}, p99 (p50 ${l.p50Ms} ms${l.errors ? `, ${l.errors} errors` : ''}${l.seqScans.length ? `, SEQUENTIAL SCAN of ${[...new Set(l.seqScans.flatMap((s) => s.tables))].join(', ')}` : ''}) | ${l.p99Ms} ms${mark(l.p99Ms, VOLUME_TARGETS.lookupP99Ms)} | < 50 ms |`,
    ),
    ...readMixRows(read).map((row) => `| ${row.what} | ${row.measured}${row.met ? '' : ' (outside target)'} | ${row.target} |`),
  ];
  return lines.join('\n');
}

/** The read by many borrowers against its floor (docs/decisions/212): its ratio and its p99. */
export function readMixRows(read) {
  const who = `order details read by ${read.borrowers.toLocaleString('en')} different borrowers`;
  const figures = `${read.reqPerSec} req/s, ${read.cpuMsPerRequest} ms of server CPU a read, ${read.errors} errors${read.reads ? `, ${read.reads.toLocaleString('en')} reads, each borrower's first before any second` : ''}; floor ${read.floorReqPerSec} req/s, p99 ${read.floorP99Ms} ms, ${read.floorCpuMsPerRequest} ms a read`;
  return [
    { what: `${who}: ratio to its floor, a bare Fastify route reading the same rows with \`pg\` in one statement (${figures})`, measured: read.ratio.toFixed(2), target: targetText(VOLUME_TARGETS.readRatio), met: check(read.ratio, VOLUME_TARGETS.readRatio) },
    { what: `${who}: p99`, measured: `${read.p99Ms} ms`, target: targetText(VOLUME_TARGETS.readP99Ms, ' ms'), met: check(read.p99Ms, VOLUME_TARGETS.readP99Ms) },
  ];
}

/** The single-order read against a bare Fastify route, as `tableRows` writes it. */
function singleReadRows(read) {
  const rows = [];
  const add = (what, shown, value, target, targetShown) => rows.push({ what, measured: shown, target: targetShown ?? targetText(target), met: check(value, target) });
  const where = read.engine === 'postgres' ? 'PostgreSQL' : 'embedded database';
  const figures = `${Math.round(read.reqPerSec)} req/s, p99 ${read.p99Ms} ms, ${read.cpuMsPerRequest} ms of server CPU an answer, ${read.errors} errors; bare Fastify ${Math.round(read.bareReqPerSec)} req/s, ${read.bareCpuMsPerRequest} ms`;
  if (read.engine === 'postgres') {
    add(`order-details read on ${where}: ratio to a bare Fastify route (${figures})`, read.ratio.toFixed(2), read.ratio, TARGETS.readRatio);
    add(`order-details read on ${where}: p99`, `${read.p99Ms} ms`, read.p99Ms, TARGETS.readP99Ms, targetText(TARGETS.readP99Ms, ' ms'));
    add(`order-details read on ${where}: errors`, String(read.errors), read.errors, TARGETS.readErrors, '0');
  } else {
    add(`order-details read on ${where} (${figures})`, `${Math.round(read.reqPerSec)} req/s`, read.reqPerSec, TARGETS.embeddedReqPerSec, targetText(TARGETS.embeddedReqPerSec, ' req/s'));
  }
  return rows;
}

/**
 * The reads' table, written by every `npm run bench` (and `BENCH_ONLY=reads`) as soon as they are
 * measured: the read by many borrowers against its floor, and the single-order read against a bare
 * Fastify route, all from that run (docs/decisions/212).
 */
export function readsTable({ date, machine, reads, mix, skipped = [] }) {
  const rows = [...(mix ? readMixRows(mix) : []), ...reads.flatMap(singleReadRows)];
  const lines = [
    `The borrower's read, \`npm run bench\` on ${date} (${machine}; autocannon, 50 connections, the call as the app sends it: a form POST with the page's query; each figure and its floor from the same run). ✗ marks a figure outside its target.`,
    '',
    '| what | measured | target |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.what} | ${row.measured}${row.met ? '' : ' ✗'} | ${row.target} |`),
  ];
  if (skipped.length > 0) lines.push('', `Not measured in this run: ${skipped.join('; ')}.`);
  return { table: lines.join('\n'), rows };
}

/** The markers of the README's reads block. */
export const READS_START = '<!-- reads:start -->';
export const READS_END = '<!-- reads:end -->';

/** The markers of the README's volume block. */
export const VOLUME_START = '<!-- volume:start -->';
export const VOLUME_END = '<!-- volume:end -->';

const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';

/** Puts `table` between the README's `startMark` and `endMark` lines, in place of what stood there. */
export function writeReadmeBlock(startMark, endMark, table) {
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(startMark);
  const end = readme.indexOf(endMark);
  if (start === -1 || end === -1) throw new Error(`README.md has no ${startMark} … ${endMark} block`);
  writeFileSync(readmePath, `${readme.slice(0, start + startMark.length)}\n${table}\n${readme.slice(end)}`);
}

/** The README's bench table. */
export const writeReadme = (table) => writeReadmeBlock(README_START, README_END, table);
