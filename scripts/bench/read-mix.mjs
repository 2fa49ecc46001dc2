// The volume benchmark's read mix (docs/decisions/192, 205): the compiled server on the book, its
// order details read by thousands of different borrowers, against a bare Fastify route read the same way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { freePort } from '../free-port.mjs';
import { ENVELOPE_OK, call, cpuMs, measureBare, sessionQuery, startProcess, waitForAnswer } from './read-api.mjs';

/** Different borrowers in the read mix, each reading their own order. */
export const READ_BORROWERS = 10_000;
const READ_SECONDS = 10;
const WARM_UP_READS = 2_000;
const READ_CONNECTIONS = 50;

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
