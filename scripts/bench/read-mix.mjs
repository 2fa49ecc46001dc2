// The volume benchmark's read mix (docs/decisions/192, 205, 212): the compiled server on the book, its
// order details read by thousands of different borrowers, against its floor read the same way: a bare
// Fastify route that reads the same rows (the session, the order with its product and plan, the
// payout's standing) with `pg` in one statement.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { freePort } from '../free-port.mjs';
import { ENVELOPE_OK, call, cpuMs, sessionQuery, startProcess, waitForAnswer } from './read-api.mjs';

/** The order clock's interval and its first offer after a start (`ORDER_CLOCK_INTERVAL_MS`, the job's `firstRunAfterMs`: at once). */
const ORDER_CLOCK_SLOT_MS = 10 * 60_000;
const ORDER_CLOCK_FIRST_OFFER_MS = 0;

/** Different borrowers in the read mix, each reading their own order. */
export const READ_BORROWERS = 10_000;
const READ_SECONDS = 10;
const WARM_UP_READS = 2_000;
const READ_CONNECTIONS = 50;

/**
 * The floor of the read (docs/decisions/212): a few lines of Fastify with the form body parser and a
 * `pg` pool of the server's size, answering the same call (query and form) by one statement that
 * reads what the product reads for it, each table as the product's modules read it: the session by
 * the hash of its id, the order of that borrower with its product and plan, and the order's newest
 * payout. A missing or foreign session or order is refused, as the product refuses it.
 */
const FLOOR_SERVER = `
const { createHash } = await import('node:crypto');
const fastify = (await import('fastify')).default;
const formBody = (await import('@fastify/formbody')).default;
const pg = (await import('pg')).default;
const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
const READ = {
  name: 'floor_read',
  text: \`select json_build_object(
      'session', (select row_to_json(s) from (select borrower_id, device_id, expires_at, revoked_at, last_used_at from sessions where id_hash = $1 limit 1) s),
      'order', row_to_json(o),
      'product', row_to_json(p),
      'installments', (select coalesce(json_agg(i order by i.seq), '[]'::json) from loan_installments i where i.order_id = o.id),
      'payout', (select row_to_json(y) from payouts y where y.order_id = o.id order by y.id desc limit 1)
    )::text as details
    from loan_orders o join products p on p.id = o.product_id
    where o.order_no = $2 and o.borrower_id = $3\`,
};
const app = fastify({ logger: false });
await app.register(formBody);
app.get('/healthz', async () => ({ ok: true }));
app.post('/read', async (request, reply) => {
  const { sessionId, userId } = request.query;
  const idHash = createHash('sha256').update(String(sessionId)).digest('hex');
  const { rows } = await pool.query({ ...READ, values: [idHash, request.body.orderId, Number(userId)] });
  const details = rows[0]?.details;
  const session = details && JSON.parse(details).session;
  if (!session || session.revoked_at !== null || String(session.borrower_id) !== userId) return reply.code(404).send({ code: 1004, message: 'not found' });
  return reply.type('application/json; charset=utf-8').send('{"code":0,"message":"","data":' + details + '}');
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** The floor measured with the product's own calls, each sent to the floor's one route. */
async function measureFloor({ databaseUrl, requests }) {
  const port = await freePort();
  const server = startProcess([process.execPath, '--input-type=module', '-e', FLOOR_SERVER], { PORT: String(port), FLOOR_DATABASE_URL: databaseUrl });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForAnswer(server.child, `${base}/healthz`);
    const floorRequests = requests.map((request) => ({ ...request, path: `/read?${request.path.split('?')[1]}` }));
    const first = floorRequests[0];
    const sample = await fetch(`${base}${first.path}`, { method: 'POST', headers: first.headers, body: first.body }).then((r) => r.text());
    if (!sample.startsWith(ENVELOPE_OK)) throw new Error(`the floor answered ${sample.slice(0, 300)}`);
    await readMix({ url: base, requests: [...floorRequests].reverse(), pid: server.child.pid, amount: WARM_UP_READS });
    return await readMix({ url: base, requests: floorRequests, pid: server.child.pid });
  } finally {
    await server.stop();
  }
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
  // The runner keeps one sweep per slot of the clock's interval, whoever offers it: when another
  // server already swept the slot this server's first offer falls in, that sweep is the one.
  const offerSlotStart = Math.floor((startedAt + ORDER_CLOCK_FIRST_OFFER_MS) / ORDER_CLOCK_SLOT_MS) * ORDER_CLOCK_SLOT_MS;
  const since = Math.min(startedAt - 1_000, offerSlotStart);
  while (Date.now() < deadline) {
    const page = await call(base, 'GET', `${OPERATOR_BASE}${OperatorPath.jobRuns}?job=order-clock`, { token });
    const run = page.items.find((item) => Date.parse(item.startedAt) >= since);
    if (run && run.finishedAt !== null) return run.durationMs;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server’s first order clock sweep did not end within 5 minutes');
}

/** The list in a random order, the list itself left as it was. */
export function shuffle(list) {
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
  let requests;
  let startSweepMs;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForAnswer(server.child, `${base}/healthz`);
    startSweepMs = await startSweepDone(base, token, startedAt);
    requests = shuffle(sessions).map((s) => ({
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
  const floor = await measureFloor({ databaseUrl: url, requests });
  return {
    ...details,
    startSweepMs,
    borrowers: sessions.length,
    floorReqPerSec: floor.reqPerSec,
    floorP99Ms: floor.p99Ms,
    floorErrors: floor.errors,
    floorCpuMsPerRequest: floor.cpuMsPerRequest,
    ratio: Math.round((details.reqPerSec / floor.reqPerSec) * 100) / 100,
  };
}
