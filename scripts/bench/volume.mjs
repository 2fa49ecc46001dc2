// The volume benchmark (docs/decisions/192): on a realistic book in PostgreSQL (the volume seed,
// docs/decisions/191), the nightly and periodic passes timed, every borrower and operator list or
// lookup timed with the plans of its statements checked for sequential scans of big tables, and the
// order-details read by thousands of different borrowers against a bare Fastify route.
// `npm run bench` imports `measureVolume`; `node --import tsx scripts/bench/volume.mjs [--borrowers N]`
// runs it alone and prints the result as JSON. Runs under tsx: it loads the server's own modules.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { ensureServerBuild, serverCommand as compiledServerCommand } from '../server-build.mjs';
import { measureReadMix, READ_BORROWERS, shuffle } from './read-mix.mjs';
import { LOOKUP_CALLS, measureLookups } from './volume-lookups.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const VOLUME_DEFAULT_BORROWERS = 20_000;
/**
 * The read mix against its floor, a bare route reading the same rows in one statement: at least 0.6
 * of the floor's reads a second, p99 under 20 ms (docs/decisions/212, amending 205).
 */
export const VOLUME_TARGETS = { passMs: { atMost: 60_000 }, lookupP99Ms: { atMost: 50 }, readRatio: { atLeast: 0.6 }, readP99Ms: { below: 20 } };

const quietLog = { level: 'silent', info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, silent() {}, child: () => quietLog };

function volumeUrl() {
  return process.env.BENCH_VOLUME_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lend_volume';
}

/** Creates the database when missing; counts its borrowers and orders (0 when it has no tables yet). */
async function bookSize(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query("select to_regclass('public.borrowers') is not null as ready");
    if (!tables.rows[0].ready) return { borrowers: 0, orders: 0 };
    const { rows } = await client.query('select (select count(*) from borrowers)::int as borrowers, (select count(*) from loan_orders)::int as orders');
    return rows[0];
  } finally {
    await client.end();
  }
}

/** The book, seeded when the database has none (`npm run seed:volume`). */
export async function ensureBook({ url = volumeUrl(), borrowers = VOLUME_DEFAULT_BORROWERS, log = console.log } = {}) {
  const before = await bookSize(url);
  if (before.borrowers > 0) return { ...before, seededMs: null };
  log(`No book in ${new URL(url).pathname.slice(1)}: seeding ${borrowers} borrowers…`);
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/seed/volume/cli.ts', '--borrowers', String(borrowers)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`the volume seed failed (${run.status})`);
  return { ...(await bookSize(url)), seededMs: Math.round(performance.now() - started) };
}

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: Math.round(performance.now() - started), result };
}

/** The book's health reports (docs/decisions/247), each read over a market's whole book; the slower market's time counts. */
async function measureBookReports(db, now, bookHealth) {
  const reports = { par: bookHealth.portfolioAtRisk, vintages: bookHealth.vintageCurves, rollRates: bookHealth.rollRates, efficiency: bookHealth.collectionsEfficiency, promises: bookHealth.promisesKept };
  const times = {};
  for (const [name, report] of Object.entries(reports)) {
    let ms = 0;
    for (const market of ['MX', 'IN']) ms = Math.max(ms, (await timed(() => report(db, { market }, now))).ms);
    times[name] = { ms };
  }
  return times;
}

/** The clock sweep, the reminder pass, the ledger check, the settlement report and the book's reports, each timed on the book. */
async function measurePasses(db, now) {
  const [{ sweepOrders }, { runReminders }, { checkLedger, paymentsAppliedSince, providerPaymentsBetween }, { runSettlement }, { SandboxSmsProvider }, { sandboxCashSettlement }, bookHealth] = await Promise.all([
    import('../../apps/server/src/modules/order-clock/index.ts'),
    import('../../apps/server/src/modules/reminders/index.ts'),
    import('../../apps/server/src/modules/payments/index.ts'),
    import('../../apps/server/src/modules/settlement/index.ts'),
    import('../../apps/server/src/providers/sms/sandbox-sms-provider.ts'),
    import('../../apps/server/src/providers/refunds/sandbox-settlement.ts'),
    import('../../apps/server/src/modules/book-health/index.ts'),
  ]);
  const sweep = await timed(() => sweepOrders(db, now));
  const reminders = await timed(() => runReminders({ db, sms: new SandboxSmsProvider(db, { keepCodes: false }), log: quietLog, paymentsAppliedSince }, now));
  const ledger = await timed(() => checkLedger(db));
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const settlement = await timed(() => runSettlement({ db, sources: [sandboxCashSettlement(db, providerPaymentsBetween)], log: quietLog }, yesterday, undefined, now));
  return {
    sweep: { ms: sweep.ms, due: sweep.result.due, overdue: sweep.result.overdue, penalised: sweep.result.penalised },
    reminders: { ms: reminders.ms, sent: Object.values(reminders.result.sent).reduce((a, b) => a + b, 0), failed: reminders.result.failed },
    ledgerCheck: { ms: ledger.ms, ordersChecked: ledger.result.ordersChecked, mismatches: ledger.result.mismatches.length },
    settlement: { ms: settlement.ms, day: yesterday, matched: settlement.result.reduce((total, report) => total + report.matchedCount, 0) },
    bookReports: await measureBookReports(db, now, bookHealth),
  };
}

/** A sample of borrowers with their latest order, drawn across the whole book. */
export async function sampleBorrowers(client, count) {
  const { rows } = await client.query(
    `select b.id, b.phone, b.market, b.name, o.order_no, o.product_id, o.status_code,
       (select r.reference from payment_references r where r.order_id = o.id and r.replaced_at is null order by r.id desc limit 1) as reference
     from borrowers b
     join lateral (select order_no, product_id, id, status_code from loan_orders where borrower_id = b.id order by created_at desc limit 1) o on true
     where b.id in (select id from borrowers order by random() limit $1)`,
    [count],
  );
  return rows;
}

/** The ten digits a borrower types: the stored E.164 number less its country code (+52, +91). */
const nationalNumber = (phone) => phone.slice(3);

/** Sessions for many borrowers through the operator API, as a phone would sign in; a few at a time. */
export async function sessionsFor(app, token, borrowers) {
  const sessions = [];
  const one = async (borrower) => {
    const response = await app.inject({
      method: 'POST',
      url: `${OPERATOR_BASE}${OperatorPath.createSession}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { phone: nationalNumber(borrower.phone), market: borrower.market },
    });
    const answer = response.json();
    if (answer.code !== 0) throw new Error(`session for ${borrower.phone}: ${response.body}`);
    return { ...borrower, userId: answer.data.userId, sessionId: answer.data.sessionId };
  };
  for (let start = 0; start < borrowers.length; start += 16) sessions.push(...(await Promise.all(borrowers.slice(start, start + 16).map(one))));
  return sessions;
}

const VOLUME_PARTS = ['passes', 'lookups', 'read'];

function volumeParts() {
  const asked = (process.env.BENCH_VOLUME_PARTS ?? VOLUME_PARTS.join(',')).split(',').map((part) => part.trim());
  const unknown = asked.filter((part) => !VOLUME_PARTS.includes(part));
  if (unknown.length > 0) throw new Error(`BENCH_VOLUME_PARTS: ${unknown.join(', ')} is not one of ${VOLUME_PARTS.join(', ')}`);
  return new Set(asked);
}

/**
 * The whole volume benchmark; `log` prints progress. `parts` (`BENCH_VOLUME_PARTS`, comma-separated:
 * passes, lookups, read) leaves out the others, to look into one part on a book already measured.
 */
export async function measureVolume({ url = volumeUrl(), borrowers, serverCommand = compiledServerCommand(), log = console.log, parts = volumeParts() } = {}) {
  const book = await ensureBook({ url, borrowers: borrowers ?? VOLUME_DEFAULT_BORROWERS, log });
  log(`Book: ${book.borrowers} borrowers, ${book.orders} orders.`);
  const [{ openDatabase }, { loadConfig }, { buildApp }] = await Promise.all([
    import('../../apps/server/src/db/client.ts'),
    import('../../apps/server/src/config.ts'),
    import('../../apps/server/src/app.ts'),
  ]);
  const now = new Date();
  const jobsDatabase = await openDatabase({ kind: 'postgres', url, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 });
  let passes;
  try {
    if (parts.has('passes')) {
      log('Clock sweep, reminder pass, ledger check, settlement report…');
      passes = await measurePasses(jobsDatabase.db, now);
      log(JSON.stringify(passes));
    }
  } finally {
    await jobsDatabase.close();
  }
  if (!parts.has('lookups') && !parts.has('read')) return { book, passes };

  const token = randomBytes(24).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-volume-app-'));
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, OPERATOR_TOKEN: token, NODE_ENV: 'development', LOG_LEVEL: 'warn', BORROWER_READS_PER_MINUTE: '1000000' };
  const config = loadConfig({ ...process.env, ...env });
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, database, operatorToken: token });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let lookups;
  let sessions;
  try {
    const readers = parts.has('read') ? READ_BORROWERS : LOOKUP_CALLS * 2;
    log(`Sessions for ${readers} borrowers…`);
    const sample = await sampleBorrowers(client, readers);
    sessions = await sessionsFor(app, token, sample);
    if (parts.has('lookups')) {
      log('Every list and lookup: p99 and plans…');
      lookups = await measureLookups(app, token, client, shuffle(sessions));
    }
    for (const lookup of lookups?.lookups ?? []) log(`  ${lookup.who} ${lookup.what}: p99 ${lookup.p99Ms} ms${lookup.errors ? `, ${lookup.errors} errors (${lookup.firstError})` : ''}${lookup.seqScans.length ? `, SEQ SCAN ${JSON.stringify(lookup.seqScans)}` : ''}`);
  } finally {
    await client.end();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!parts.has('read')) return { book, passes, ...lookups };
  log(`Order-details read by ${sessions.length} borrowers against its floor…`);
  const read = await measureReadMix(url, token, sessions, serverCommand);
  log(JSON.stringify(read));
  return { book, passes, ...lookups, read };
}

/** The plan findings as one failure: the bench fails when a request path scans a big table. */
export function seqScanFailures(volume) {
  return (volume.lookups ?? []).filter((lookup) => lookup.seqScans.length > 0).map((lookup) => `${lookup.who} ${lookup.what}: ${lookup.seqScans.map((s) => s.tables.join(', ')).join('; ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values } = parseArgs({ options: { borrowers: { type: 'string' } } });
  await ensureServerBuild();
  // READ_API_PROFILE_DIR: the read mix's server writes a V8 CPU profile of its run there (`--cpu-prof`).
  const profileDir = process.env.READ_API_PROFILE_DIR;
  const [node, ...args] = compiledServerCommand();
  const result = await measureVolume({
    borrowers: values.borrowers === undefined ? undefined : Number(values.borrowers),
    serverCommand: profileDir ? [node, '--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...args] : [node, ...args],
    log: (line) => console.error(line),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  const failures = seqScanFailures(result);
  if (failures.length > 0) {
    console.error(`Sequential scans of big tables on request paths:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}
