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
import autocannon from 'autocannon';
import pg from 'pg';
import { MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { freePort } from '../free-port.mjs';
import { ensureServerBuild, serverCommand as compiledServerCommand } from '../server-build.mjs';
import { ENVELOPE_OK, call, cpuMs, measureBare, sessionQuery, startProcess, waitForAnswer } from './read-api.mjs';
import { seqScansOnBigTables } from './seq-scans.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const VOLUME_DEFAULT_BORROWERS = 20_000;
/**
 * The read mix keeps the borrower's p99 target; its ratio to a bare route is reported without one:
 * each borrower's first read sends its three statements to PostgreSQL where the single-order read's
 * ratio (≥ 0.3) is that of remembered answers (docs/decisions/205).
 */
export const VOLUME_TARGETS = { passMs: { atMost: 60_000 }, lookupP99Ms: { atMost: 50 }, readP99Ms: { atMost: 50 } };
/** A table this large or larger is big: a request path must reach its rows through an index. */
const BIG_TABLE_ROWS = 10_000;
/** Calls of each list or lookup, each for another borrower or order. */
const LOOKUP_CALLS = 200;
/** Different borrowers in the read mix, each reading their own order. */
const READ_BORROWERS = 10_000;
const READ_SECONDS = 10;
const WARM_UP_READS = 2_000;
const READ_CONNECTIONS = 50;

const REPAYING = new Set([170, 174, 180]);

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

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round1 = (value) => Math.round(value * 10) / 10;

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: Math.round(performance.now() - started), result };
}

/** The clock sweep, the reminder pass, the ledger check and the settlement report, each timed on the book. */
async function measurePasses(db, now) {
  const [{ sweepOrders }, { runReminders }, { checkLedger }, { runSettlement }, { SandboxSmsProvider }, { sandboxCashSettlement }] = await Promise.all([
    import('../../apps/server/src/modules/orders/index.ts'),
    import('../../apps/server/src/modules/reminders/index.ts'),
    import('../../apps/server/src/modules/payments/index.ts'),
    import('../../apps/server/src/modules/settlement/index.ts'),
    import('../../apps/server/src/providers/sms/sandbox-sms-provider.ts'),
    import('../../apps/server/src/providers/refunds/sandbox-settlement.ts'),
  ]);
  const sweep = await timed(() => sweepOrders(db, now));
  const reminders = await timed(() => runReminders({ db, sms: new SandboxSmsProvider(db, { keepCodes: false }), log: quietLog }, now));
  const ledger = await timed(() => checkLedger(db));
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const settlement = await timed(() => runSettlement({ db, sources: [sandboxCashSettlement(db)], log: quietLog }, yesterday, undefined, now));
  return {
    sweep: { ms: sweep.ms, due: sweep.result.due, overdue: sweep.result.overdue, penalised: sweep.result.penalised },
    reminders: { ms: reminders.ms, sent: Object.values(reminders.result.sent).reduce((a, b) => a + b, 0), failed: reminders.result.failed },
    ledgerCheck: { ms: ledger.ms, ordersChecked: ledger.result.ordersChecked, mismatches: ledger.result.mismatches.length },
    settlement: { ms: settlement.ms, day: yesterday, matched: settlement.result.reduce((total, report) => total + report.matchedCount, 0) },
  };
}

/**
 * Every statement a client of this process sends while `capture` is on, to explain afterwards:
 * the lookups run in this process, so their own queries, with their own parameters, are checked.
 */
const captured = { on: false, statements: new Map() };
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (captured.on) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = Array.isArray(values) ? values : (config?.values ?? []);
    if (typeof text === 'string' && /^\s*(select|with|update|delete|insert)\b/i.test(text) && !captured.statements.has(text)) captured.statements.set(text, params);
  }
  return originalQuery.call(this, config, values, callback);
};

async function bigTables(client) {
  const { rows } = await client.query("select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= $1", [BIG_TABLE_ROWS]);
  return new Set(rows.map((row) => row.relname));
}

/** Each statement's plan (without running it): the big tables it scans from end to end. */
async function planFindings(client, statements, big) {
  const findings = [];
  for (const [text, params] of statements) {
    if (/^\s*insert\b/i.test(text) && !/\bselect\b/i.test(text)) continue;
    const { rows } = await client.query(`explain (format json) ${text}`, params);
    const tables = seqScansOnBigTables(rows[0]['QUERY PLAN'], big);
    if (tables.length > 0) findings.push({ statement: text.replace(/\s+/g, ' ').slice(0, 200), tables });
  }
  return findings;
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

/** The borrower and operator lists and lookups, each called for many borrowers: p99, and the plans of its statements. */
async function measureLookups(app, token, client, borrowers) {
  const big = await bigTables(client);
  const operator = (url) => ({ method: 'GET', url: `${OPERATOR_BASE}${url}`, headers: { authorization: `Bearer ${token}` } });
  const borrowerCall = (path, borrower, body) => ({
    method: 'POST',
    url: `${MACHINE_BASE}${path}?${sessionQuery(borrower)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body ?? {}).toString(),
  });
  const order = (b) => ({ orderId: b.order_no, productId: String(b.product_id) });
  const lookups = [
    { who: 'borrower', what: 'order details', request: (b) => borrowerCall(MachinePath.loanDetails, b, order(b)) },
    // The overview answers only an order that owes: the others are refused by design (7011).
    { who: 'borrower', what: 'installment overview of an order that owes', request: (b) => (REPAYING.has(b.status_code) ? borrowerCall(MachinePath.installmentDetail, b, order(b)) : null) },
    { who: 'borrower', what: 'receipts of an order', request: (b) => borrowerCall(MachinePath.installmentPayments, b, order(b)) },
    { who: 'borrower', what: 'complaint list', request: (b) => borrowerCall(MachinePath.complaintList, b) },
    { who: 'operator', what: 'borrower search by phone digits', request: (b) => operator(`${OperatorPath.borrowers}?q=${b.phone.slice(-6)}`) },
    { who: 'operator', what: 'borrower search by name', request: (b) => operator(`${OperatorPath.borrowers}?q=${encodeURIComponent(b.name.split(' ')[0])}`) },
    { who: 'operator', what: 'borrower search by order number', request: (b) => operator(`${OperatorPath.borrowers}?q=${b.order_no}`) },
    { who: 'operator', what: 'one borrower', request: (b) => operator(OperatorPath.borrower.replace(':userId', b.id)) },
    { who: 'operator', what: "a borrower's orders", request: (b) => operator(`${OperatorPath.orders}?userId=${b.id}`) },
    { who: 'operator', what: 'an order by number', request: (b) => operator(`${OperatorPath.orders}?orderNo=${b.order_no}`) },
    { who: 'operator', what: 'review queue (status 21)', request: () => operator(`${OperatorPath.orders}?status=21`) },
    { who: 'operator', what: 'overdue orders (status 180)', request: () => operator(`${OperatorPath.orders}?status=180`) },
    { who: 'operator', what: 'every order, newest first', request: () => operator(OperatorPath.orders) },
    { who: 'operator', what: "an order's payments", request: (b) => operator(`${OperatorPath.payments}?orderNo=${b.order_no}`) },
    { who: 'operator', what: 'every payment, newest first', request: () => operator(OperatorPath.payments) },
    { who: 'operator', what: "an order's ledger", request: (b) => operator(OperatorPath.orderLedger.replace(':orderNo', b.order_no)) },
    { who: 'operator', what: 'a payment reference', request: (b) => (b.reference ? operator(OperatorPath.paymentReference.replace(':reference', b.reference)) : null) },
    { who: 'operator', what: 'complaints, nearest deadline first', request: () => operator(OperatorPath.complaints) },
    { who: 'operator', what: 'open complaints', request: () => operator(`${OperatorPath.complaints}?status=open`) },
  ];
  const results = [];
  for (const lookup of lookups) {
    const times = [];
    let errors = 0;
    let firstError;
    captured.statements = new Map();
    // Each call for the next borrower the lookup applies to, until LOOKUP_CALLS calls are made.
    for (let i = 0; i < borrowers.length && times.length < LOOKUP_CALLS; i += 1) {
      const request = lookup.request(borrowers[i]);
      if (!request) continue;
      captured.on = times.length < 3;
      const started = performance.now();
      const response = await app.inject(request);
      times.push(performance.now() - started);
      captured.on = false;
      if (response.statusCode !== 200 || !response.body.startsWith(ENVELOPE_OK)) {
        errors += 1;
        firstError ??= `${response.statusCode} ${response.body.slice(0, 200)}`;
      }
    }
    const seqScans = await planFindings(client, captured.statements, big);
    results.push({ who: lookup.who, what: lookup.what, calls: times.length, p50Ms: round1(percentile(times, 50)), p99Ms: round1(percentile(times, 99)), errors, firstError, seqScans });
  }
  return { bigTables: [...big].sort(), lookups: results };
}

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

/** autocannon where every request is the next borrower's own read, in a shuffled order: no connection keeps to one borrower. */
function readMix({ url, requests, pid, seconds = READ_SECONDS, amount }) {
  let next = 0;
  let bodyErrors = 0;
  const cpuBefore = cpuMs(pid);
  return new Promise((done, fail) => {
    autocannon(
      {
        url,
        connections: READ_CONNECTIONS,
        ...(amount === undefined ? { duration: seconds } : { amount }),
        requests: [
          {
            setupRequest: (request) => ({ ...request, ...requests[next++ % requests.length] }),
            onResponse: (status, body) => {
              if (status >= 200 && status < 300 && !String(body).startsWith(ENVELOPE_OK)) bodyErrors += 1;
            },
          },
        ],
      },
      (error, result) => (error ? fail(error) : done(result)),
    );
  }).then((result) => ({
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts + bodyErrors,
    reads: result.requests.total,
    distinctBorrowers: Math.min(requests.length, result.requests.total),
    cpuMsPerRequest: cpuBefore === undefined ? undefined : Math.round(((cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total)) * 1000) / 1000,
  }));
}

/**
 * Waits for the order clock's first sweep of the server just started (it runs at start:
 * docs/decisions/205): on a book the passes above have not swept today, that sweep moves and
 * charges tens of thousands of orders, and reads measured beside it would measure the sweep.
 */
async function startSweepDone(base, token, startedAt) {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    const page = await call(base, 'GET', `${OPERATOR_BASE}${OperatorPath.jobRuns}?job=order-clock`, { token });
    const run = page.items.find((item) => Date.parse(item.startedAt) >= startedAt - 1_000);
    if (run && run.finishedAt !== null) return run.durationMs;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server’s first order clock sweep did not end within 5 minutes');
}

function shuffle(list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** The compiled server on the book, read by READ_BORROWERS borrowers, then the bare route measured the same way. */
export async function measureReadMix(url, token, sessions, serverCommand) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-volume-'));
  const startedAt = Date.now();
  const server = startProcess(serverCommand, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    OPERATOR_TOKEN: token,
    BORROWER_READS_PER_MINUTE: '1000000',
  });
  let details;
  let sample;
  let startSweepMs;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForAnswer(server.child, `${base}/healthz`);
    startSweepMs = await startSweepDone(base, token, startedAt);
    const requests = shuffle(sessions).map((s) => ({
      method: 'POST',
      path: `${MACHINE_BASE}${MachinePath.loanDetails}?${sessionQuery(s)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ orderId: s.order_no, productId: String(s.product_id) }).toString(),
    }));
    const first = requests[0];
    sample = await fetch(`${base}${first.path}`, { method: 'POST', headers: first.headers, body: first.body }).then((r) => r.text());
    if (!sample.startsWith(ENVELOPE_OK)) throw new Error(`order details answered ${sample.slice(0, 300)}`);
    // A warm-up (compiled code, pools) on borrowers from the end of the list, so the measured reads
    // start with borrowers' first reads; past the list's end they are second reads, as when a
    // borrower comes back to the screen, served from the remembered answers (docs/decisions/205).
    await readMix({ url: base, requests: [...requests].reverse(), pid: server.child.pid, amount: WARM_UP_READS });
    details = await readMix({ url: base, requests, pid: server.child.pid });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const bare = await measureBare({ body: sample, durationSeconds: READ_SECONDS, connections: READ_CONNECTIONS });
  return { ...details, startSweepMs, borrowers: sessions.length, bareReqPerSec: bare.reqPerSec, bareP99Ms: bare.p99Ms, ratio: Math.round((details.reqPerSec / bare.reqPerSec) * 100) / 100 };
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
  log(`Order-details read by ${sessions.length} borrowers against a bare Fastify route…`);
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
  const result = await measureVolume({ borrowers: values.borrowers === undefined ? undefined : Number(values.borrowers), log: (line) => console.error(line) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  const failures = seqScanFailures(result);
  if (failures.length > 0) {
    console.error(`Sequential scans of big tables on request paths:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}
