// The volume benchmark's lists and lookups (docs/decisions/192): each borrower and operator call made
// in this process for many borrowers and timed, with the plans of the statements it sent checked for
// sequential scans of big tables.
import pg from 'pg';
import { CollectionsWorkPath, MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { ENVELOPE_OK, sessionQuery } from './read-api.mjs';
import { seqScansOnBigTables } from './seq-scans.mjs';

/** A table this large or larger is big: a request path must reach its rows through an index. */
const BIG_TABLE_ROWS = 10_000;
/** Calls of each list or lookup, each for another borrower or order. */
export const LOOKUP_CALLS = 200;

const REPAYING = new Set([170, 174, 180]);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round1 = (value) => Math.round(value * 10) / 10;

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

/** The borrower and operator lists and lookups, each called for many borrowers: p99, and the plans of its statements. */
export async function measureLookups(app, token, client, borrowers) {
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
    // The collections queue (docs/decisions/243), after the clock's sweep has kept every late order's days and bucket.
    { who: 'operator', what: "collections queue, a market's latest first", request: (b, i) => operator(`${CollectionsWorkPath.queue}?market=${i % 2 ? 'IN' : 'MX'}&sort=dpd`) },
    { who: 'operator', what: 'collections queue, most owed first', request: (b, i) => operator(`${CollectionsWorkPath.queue}?market=${i % 2 ? 'IN' : 'MX'}&sort=owed`) },
    { who: 'operator', what: 'collections queue, unassigned, next promise first', request: (b, i) => operator(`${CollectionsWorkPath.queue}?market=${i % 2 ? 'IN' : 'MX'}&assignee=unassigned&sort=promise`) },
    { who: 'operator', what: 'collections queue, a page deep in the book', request: (b, i) => operator(`${CollectionsWorkPath.queue}?market=${i % 2 ? 'IN' : 'MX'}&sort=dpd&offset=${(i % 40) * 25}`) },
  ];
  const results = [];
  for (const lookup of lookups) {
    const times = [];
    let errors = 0;
    let firstError;
    captured.statements = new Map();
    // Each call for the next borrower the lookup applies to, until LOOKUP_CALLS calls are made.
    for (let i = 0; i < borrowers.length && times.length < LOOKUP_CALLS; i += 1) {
      const request = lookup.request(borrowers[i], i);
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
