// The borrower's order-details read under load, against a bare Fastify JSON route measured the
// same way in the same run (docs/decisions/085). `npm run bench` imports `measureReadApi`;
// `node --import tsx scripts/bench/read-api.mjs [postgres|pglite]` runs it alone and prints the result as JSON;
// with READ_API_PROFILE_DIR set, the server writes a V8 CPU profile of its run there (`--cpu-prof`).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { applyApproved, completeProfile } from '../../apps/web/e2e/session.ts';
import { freePort } from '../free-port.mjs';
import { ensureServerBuild, serverCommand as compiledServerCommand } from '../server-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const MACHINE = MACHINE_BASE;
const OPERATOR = OPERATOR_BASE;
const LOAN_CONFIRM = MachinePath.loanConfirm;
const LOAN_PUSH = MachinePath.loanPush;
const LOAN_DETAILS = MachinePath.loanDetails;

/** One borrower per connection: each borrower's calls stay well inside what one phone would make. */
const BORROWERS = 50;
/**
 * The per-borrower read cap still counts every call; it is raised so that it does not refuse
 * them, since this measures the read path, not the abuse limits (their own tests prove those).
 */
const BENCH_READS_PER_MINUTE = 1_000_000;
const WARM_UP_SECONDS = 3;
/** A borrower borrows in their phone's market only; the bench's phones are Mexican. */
const MARKET = 'MX';

export function startProcess(command, env) {
  const [file, ...args] = command;
  const child = spawn(file, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return { child, stop };
}

export async function waitForAnswer(child, url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within two minutes`);
}

export async function call(base, method, path, { token, body, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload;
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
  } else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${base}${path}`, { method, headers, body: payload });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The query every borrower call carries, as the web app sends it from the page's address. */
export function sessionQuery(borrower) {
  return new URLSearchParams({ userId: borrower.userId, sessionId: borrower.sessionId, language: '2' }).toString();
}

/**
 * A borrower with a paid-out order: a session from the operator API; the profile completed, the
 * credit applied for and the offer confirmed and pushed through the borrower calls, as the phone
 * makes them (an offer is confirmable only after the rules approved an application,
 * docs/decisions/141); then approved and disbursed by the operator.
 */
export async function borrowerWithOrder(base, token, product, index) {
  const productId = product.id;
  const phone = `55${String(10_000_000 + index).slice(-8)}`;
  const session = await call(base, 'POST', `${OPERATOR}${OperatorPath.createSession}`, { token, body: { phone, market: MARKET, name: `Bench ${index}` } });
  const query = sessionQuery(session);
  const ids = { userId: session.userId, sessionId: session.sessionId };
  await completeProfile(base, ids, phone, MARKET);
  await applyApproved(base, ids, product);
  const confirm = await call(base, 'POST', `${MACHINE}${LOAN_CONFIRM}?${query}`, { form: { productId, isType: '1' } });
  const pushed = await call(base, 'POST', `${MACHINE}${LOAN_PUSH}?${query}`, {
    form: { productId, amount: confirm.amount, periods: confirm.periods, termUnit: confirm.termUnit, agreement: '1' },
  });
  const orderNo = new URLSearchParams(pushed.lendDetailsUrl.split('?')[1]).get('orderId');
  await call(base, 'POST', `${OPERATOR}${OperatorPath.orderApprove}`, { token, body: { orderNo } });
  await call(base, 'POST', `${OPERATOR}${OperatorPath.orderDisburse}`, { token, body: { orderNo } });
  return { ...session, orderNo, productId };
}

export async function prepareBorrowers(base, token, count = BORROWERS) {
  const products = await call(base, 'GET', `${OPERATOR}${OperatorPath.products}`, { token });
  // Several payments make the fullest details screen.
  // Nobody may apply for a product without a credit policy, so it could never be confirmed.
  const offered = products.filter((p) => p.active && p.market === MARKET && p.creditPolicy);
  const product = offered.find((p) => p.pricing.periods > 1) ?? offered[0];
  if (!product) throw new Error(`the demo data has no active ${MARKET} product with a credit policy`);
  const borrowers = [];
  for (let start = 0; start < count; start += 5) {
    const batch = [];
    for (let index = start; index < Math.min(start + 5, count); index += 1) batch.push(borrowerWithOrder(base, token, product, index));
    borrowers.push(...(await Promise.all(batch)));
  }
  return borrowers;
}

/** The order-details call exactly as the screen makes it: a form POST with the page's query. */
export function detailsRequest(borrower) {
  return {
    method: 'POST',
    path: `${MACHINE}${LOAN_DETAILS}?${sessionQuery(borrower)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ orderId: borrower.orderNo, productId: String(borrower.productId) }).toString(),
  };
}

export const ENVELOPE_OK = '{"code":0,';

/** autocannon with the same settings for both targets; an envelope error in a 2xx body counts as an error. */
/** CPU milliseconds a process has used so far (Linux; undefined elsewhere). */
export function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks of 10 ms.
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function runLoad({ url, requests, durationSeconds, connections, checkEnvelope, pid }) {
  let bodyErrors = 0;
  const cpuBefore = cpuMs(pid);
  let next = 0;
  return new Promise((done, fail) => {
    autocannon(
      {
        url,
        connections,
        duration: durationSeconds,
        requests: [
          {
            // Each connection is one borrower's phone: it keeps to its own session.
            setupRequest: (request, context) => {
              context.request ??= requests[next++ % requests.length];
              return { ...request, ...context.request };
            },
            ...(checkEnvelope
              ? {
                  onResponse: (status, body) => {
                    if (status >= 200 && status < 300 && !String(body).startsWith(ENVELOPE_OK)) bodyErrors += 1;
                  },
                }
              : {}),
          },
        ],
      },
      (error, result) => (error ? fail(error) : done(result)),
    );
  }).then((result) => {
    const cpuAfter = cpuMs(pid);
    return {
      reqPerSec: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      errors: result.non2xx + result.errors + result.timeouts + bodyErrors,
      // The server's own CPU per answer: steadier than req/s when other work shares the cores.
      cpuMsPerRequest:
        cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
          ? undefined
          : Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 1000) / 1000,
    };
  });
}

/** A few lines of Fastify answering a JSON body of the details' size: the ceiling of this machine's HTTP stack. */
const BARE_SERVER = `
const fastify = (await import('fastify')).default;
const body = JSON.parse(process.env.BARE_BODY);
const app = fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

export async function measureBare({ body, durationSeconds, connections }) {
  const port = await freePort();
  const server = startProcess([process.execPath, '--input-type=module', '-e', BARE_SERVER], { PORT: String(port), BARE_BODY: body });
  try {
    await waitForAnswer(server.child, `http://127.0.0.1:${port}/bare`);
    const url = `http://127.0.0.1:${port}`;
    const requests = [{ method: 'GET', path: '/bare' }];
    const pid = server.child.pid;
    await runLoad({ url, requests, durationSeconds: WARM_UP_SECONDS, connections, checkEnvelope: false, pid });
    return await runLoad({ url, requests, durationSeconds, connections, checkEnvelope: false, pid });
  } finally {
    await server.stop();
  }
}

async function freshPostgresDatabase(adminUrl) {
  const name = `bench_read_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { url: url.toString(), drop };
}

/** @returns {Promise<{ engine, reqPerSec, p99Ms, errors, bareReqPerSec, bareP99Ms, ratio, cpuMsPerRequest, bareCpuMsPerRequest }>} */
export async function measureReadApi({
  engine,
  databaseUrl,
  serverCommand = compiledServerCommand(),
  durationSeconds = 10,
  connections = 50,
}) {
  if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`engine must be postgres or pglite, not ${engine}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-read-'));
  const database = engine === 'postgres' ? await freshPostgresDatabase(databaseUrl) : undefined;
  const token = randomBytes(24).toString('hex');
  const port = await freePort();
  const server = startProcess(serverCommand, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    DEMO: '1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    OPERATOR_TOKEN: token,
    BORROWER_READS_PER_MINUTE: String(BENCH_READS_PER_MINUTE),
  });
  let details;
  let sample;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForAnswer(server.child, `${base}/healthz`);
    const borrowers = await prepareBorrowers(base, token);
    const requests = borrowers.map(detailsRequest);
    const first = requests[0];
    sample = await fetch(`${base}${first.path}`, { method: 'POST', headers: first.headers, body: first.body }).then((r) => r.text());
    if (!sample.startsWith(ENVELOPE_OK)) throw new Error(`order details answered ${sample}`);
    const pid = server.child.pid;
    await runLoad({ url: base, requests, durationSeconds: WARM_UP_SECONDS, connections, checkEnvelope: true, pid });
    details = await runLoad({ url: base, requests, durationSeconds, connections, checkEnvelope: true, pid });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  const bare = await measureBare({ body: sample, durationSeconds, connections });
  return {
    engine,
    reqPerSec: details.reqPerSec,
    p99Ms: details.p99Ms,
    errors: details.errors,
    bareReqPerSec: bare.reqPerSec,
    bareP99Ms: bare.p99Ms,
    ratio: Math.round((details.reqPerSec / bare.reqPerSec) * 100) / 100,
    cpuMsPerRequest: details.cpuMsPerRequest,
    bareCpuMsPerRequest: bare.cpuMsPerRequest,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const engine = process.argv[2] ?? 'postgres';
  await ensureServerBuild();
  const profileDir = process.env.READ_API_PROFILE_DIR;
  const [node, ...args] = compiledServerCommand();
  const result = await measureReadApi({
    engine,
    serverCommand: profileDir ? [node, '--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...args] : [node, ...args],
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
