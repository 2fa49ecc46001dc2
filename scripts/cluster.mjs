// `npm run cluster`: two compiled server processes on one PostgreSQL database, one Redis and one
// S3-compatible store, behind HAProxy on one port (docs/decisions/195). Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage } from './debian-package.mjs';
import { freePort } from './free-port.mjs';
import { ensureServerBuild, serverCommand, serverEnvironment } from './server-build.mjs';
import { buildWeb, root, webBuildIsStale } from './web-build.mjs';

const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
const BUCKET = 'lend-uploads';
/** s3rver's fixed keys. */
const S3_KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
const requireHere = createRequire(import.meta.url);
const pg = requireHere('pg');

/** The settings of a cluster run; every one may be changed from the environment. */
export function clusterSettings(env = process.env) {
  return {
    port: Number(env.PORT || 3000),
    postgresUrl: env.CLUSTER_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    database: env.CLUSTER_DATABASE || 'lend_cluster',
    // A Redis database of its own, so the cluster's counts never meet the tests' on the same Redis.
    redisUrl: env.CLUSTER_REDIS_URL || 'redis://127.0.0.1:6379/1',
    dataDir: env.CLUSTER_DATA_DIR || join(root, 'data', 'cluster'),
  };
}

/** Creates the cluster's database when it is missing; answers its URL. */
async function ensureDatabase(adminUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`CLUSTER_DATABASE must be a plain lower-case name, not ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Redis answers a PING, or the start stops saying where it looked. */
async function checkRedis(url) {
  const { Redis } = requireHere('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 2_000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis does not answer at ${url} (${error instanceof Error ? error.message : String(error)}); start it or set CLUSTER_REDIS_URL`);
  } finally {
    redis.disconnect();
  }
}

/** A child process whose output lines are printed with its name; `stop` ends it by its own pid. */
function startChild(name, command, args, options, print) {
  const child = spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => print(`[${name}] ${line}`));
  const exited = once(child, 'exit');
  return {
    child,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * s3rver (the S3-compatible server the storage tests use) on `port`, keeping objects under
 * `folder` across runs, with the one bucket. It needs the legacy OpenSSL provider for its listing
 * tokens and stops when its stdin closes.
 */
function startS3(folder, port, print) {
  const main = `
const S3rver = require(process.argv[1]);
const [directory, bucket, port] = process.argv.slice(2);
process.stdin.on('end', () => process.exit(0)).resume();
new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  .run()
  .then(() => console.log('listening on ' + port), (error) => { console.error(error); process.exit(1); });`;
  const s3rver = createRequire(join(root, 'apps/server/package.json')).resolve('s3rver');
  return startChild('s3', process.execPath, ['--openssl-legacy-provider', '-e', main, s3rver, folder, BUCKET, String(port)], {}, print);
}

async function waitForReady(url, process_, what) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (process_.child.exitCode !== null) throw new Error(`${what} exited with ${process_.child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready within 120 s (${url})`);
}

/**
 * The balancer: round robin over the servers that answer `/readyz`; when none does (Redis lost,
 * say) over those that still answer `/healthz`, so borrowers keep what needs no Redis. It sets
 * its own `X-Request-Id` on every request (a client's is replaced) and logs it (docs/decisions/171).
 */
export function haproxyConfig({ port, servers, showServer = true, adminSocket }) {
  const lines = (backend, path) => [
    `backend ${backend}`,
    '  balance roundrobin',
    `  option httpchk GET ${path}`,
    '  http-check expect status 200',
    '  default-server inter 2s fall 2 rise 2',
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
  ];
  return [
    'global',
    '  log stdout format raw local0 info',
    '  maxconn 4096',
    // The runtime API, through which a server is taken out of service and put back (`setInService`).
    ...(adminSocket ? [`  stats socket ${adminSocket} mode 600 level admin`] : []),
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    // A request a stopping server turned away unread (503 while it closes) or whose connection
    // failed goes to the other server: the server refuses before any work, so a replay does nothing twice.
    '  option redispatch 1',
    '  retries 2',
    '  retry-on conn-failure empty-response 503',
    // 160 random bits in URL-safe base64: 27 letters, digits, - and _, as the server keeps them.
    '  unique-id-format %[uuid(4),sha1,ub64enc]',
    // The path without its query: a borrower call's query carries the session id, which no log line may hold.
    '  log-format "%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B reqId=%ID %HM %HP %HV"',
    '',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-header X-Request-Id %[unique-id]',
    ...(showServer ? ['  http-response set-header X-Served-By %s'] : []),
    '  use_backend ready if { nbsrv(ready) gt 0 }',
    '  default_backend live',
    '',
    ...lines('ready', '/readyz'),
    '',
    ...lines('live', '/healthz'),
    '',
  ].join('\n');
}

/** One command to HAProxy's runtime API; rejects with its answer when it is not empty (an error). */
function haproxyCommand(socketPath, command) {
  return new Promise((done, fail) => {
    let answer = '';
    const socket = connect(socketPath, () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (answer += chunk));
    socket.once('error', fail);
    socket.once('close', () => (answer.trim() === '' ? done() : fail(new Error(`HAProxy: ${command}: ${answer.trim()}`))));
  });
}

/** Starts every piece; answers the balancer's address, the servers, `setInService` and `stop`. */
export async function startCluster(settings = clusterSettings(), print = console.log) {
  ensureDebianPackage({ path: HAPROXY, pkg: 'haproxy', purpose: '`npm run cluster` (the load balancer in front of the two servers)' });
  if (webBuildIsStale()) {
    print('Building the web app…');
    buildWeb();
  }
  await ensureServerBuild();
  const databaseUrl = await ensureDatabase(settings.postgresUrl, settings.database);
  await checkRedis(settings.redisUrl);
  mkdirSync(join(settings.dataDir, 's3'), { recursive: true });

  const running = [];
  const stop = async () => {
    for (const piece of running.reverse()) await piece.stop();
  };
  try {
    const s3Port = await freePort();
    const s3 = startS3(join(settings.dataDir, 's3'), s3Port, print);
    running.push(s3);
    await new Promise((resolve, reject) => {
      s3.child.stdout.once('data', resolve);
      s3.child.once('exit', (code) => reject(new Error(`the S3 store exited with ${code}`)));
    });

    const shared = {
      ...serverEnvironment(),
      DATABASE_URL: databaseUrl,
      REDIS_URL: settings.redisUrl,
      STORAGE_URL: `s3://${BUCKET}/uploads/`,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      ...S3_KEYS,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // One folder for both: the first process writes the operator token, the second reads it.
      DATA_DIR: settings.dataDir,
      // Demo data and the sandbox providers (production refuses both: docs/decisions/061, 062).
      DEMO: '1',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      // What a caller adds, such as the reliability suite's raised read cap.
      ...settings.env,
    };
    const servers = [];
    const [node, ...args] = serverCommand();
    // One after the other: the first seeds the demo data into an empty database before it listens.
    for (const name of ['a', 'b']) {
      const port = await freePort();
      const server = startChild(name, node, args, { cwd: root, env: { ...shared, PORT: String(port) } }, print);
      running.push(server);
      await waitForReady(`http://127.0.0.1:${port}/readyz`, server, `server ${name}`);
      servers.push({ name, port, pid: server.child.pid, stop: server.stop });
    }

    const config = join(settings.dataDir, 'haproxy.cfg');
    const adminSocket = join(settings.dataDir, 'haproxy.sock');
    writeFileSync(config, haproxyConfig({ port: settings.port, servers, adminSocket }));
    const balancer = startChild('haproxy', HAPROXY, ['-db', '-f', config], {}, print);
    running.push(balancer);
    await waitForReady(`http://127.0.0.1:${settings.port}/readyz`, balancer, 'HAProxy');
    /** Takes a server out of the balancer's rotation (maintenance) or puts it back, in both backends. */
    const setInService = async (name, inService) => {
      for (const backend of ['ready', 'live']) await haproxyCommand(adminSocket, `set server ${backend}/${name} state ${inService ? 'ready' : 'maint'}`);
    };
    return { url: `http://127.0.0.1:${settings.port}`, servers, databaseUrl, dataDir: settings.dataDir, setInService, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const settings = clusterSettings();
  try {
    const cluster = await startCluster(settings);
    console.log(
      `\nThe cluster answers at ${cluster.url} (HAProxy, round robin over servers a and b on ports ` +
        `${cluster.servers.map((server) => server.port).join(' and ')}; database ${settings.database}, Redis ${settings.redisUrl}, ` +
        `uploads in ${join(settings.dataDir, 's3')}). Developer preview: ${cluster.url}/testPreview. Ctrl-C stops it all.\n` +
        `Browser tests against it: E2E_BASE_URL=${cluster.url} E2E_DATA_DIR=${settings.dataDir} npx vitest run --project e2e --maxWorkers=1 <file>`,
    );
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        console.log('Stopping the balancer, the servers and the S3 store…');
        void cluster.stop().then(() => process.exit(0));
      });
    }
  } catch (error) {
    console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
