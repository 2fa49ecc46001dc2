// `npm run test:e2e-cluster`: the whole browser suite against `npm run cluster`'s two servers behind
// HAProxy (docs/decisions/203), on a PostgreSQL database, a Redis database and a data folder of
// its own, kept across runs as a deployment keeps them; then it stops the cluster. Not part of
// `npm test`: it needs HAProxy and takes a quarter of an hour on two processors.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { clusterSettings, startCluster } from './cluster.mjs';
import { E2E_SANDBOXES } from './e2e-sandboxes.mjs';
import { freePort } from './free-port.mjs';
import { root } from './web-build.mjs';

const settings = {
  ...clusterSettings({
    CLUSTER_DATABASE: 'lend_cluster_e2e',
    // Apart from `npm run cluster`'s (1), so a developer's cluster and this run never share counts.
    CLUSTER_REDIS_URL: 'redis://127.0.0.1:6379/3',
    CLUSTER_DATA_DIR: join(root, 'data', 'cluster-e2e'),
    ...process.env,
  }),
  ...(process.env.PORT ? {} : { port: await freePort() }),
  env: E2E_SANDBOXES,
};

const cluster = await startCluster(settings, () => undefined).catch((error) => {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
console.log(`Browser tests against ${cluster.url} (database ${settings.database}, Redis ${settings.redisUrl})`);
const vitest = spawn(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  cwd: root,
  env: { ...process.env, E2E_BASE_URL: cluster.url, E2E_DATA_DIR: settings.dataDir },
  stdio: 'inherit',
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    vitest.kill(signal);
  });
}
const [code] = await once(vitest, 'exit');
await cluster.stop();
process.exit(code ?? 1);
