import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, migrationSettingsOf } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import type { JobScheduler } from './jobs/job-scheduler';
import { startPeriodicJobs } from './jobs/scheduled-jobs';
import { resolveOperatorToken } from './operator-token';
import { StorageUnavailableError } from './providers/storage/create-file-storage';
import { assertRealProviders } from './real-providers';
import { seedDemoData } from './seed/demo-data';

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
    assertRealProviders(config);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Pool errors go to the app's log once it exists, to stderr before.
  let log: FastifyBaseLogger | undefined = undefined;
  const onPoolError = (error: Error) => {
    if (log) log.error({ err: error }, 'database connection failed');
    else process.stderr.write(`Database connection failed: ${error.message}\n`);
  };
  let database;
  try {
    database = await openDatabase(config.database, { onPoolError, migrationSettings: migrationSettingsOf(config) });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`Database unavailable: ${(error as Error).message}`);
  }

  const operatorToken = resolveOperatorToken(config.operatorToken, config.dataDir);
  let app;
  try {
    app = await buildApp({ config, database, operatorToken });
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    await database.close();
    fail(error.message);
  }
  log = app.log;

  // Seeded before the port opens, so no request ever sees a half-seeded database; it runs once,
  // on an empty database, in a fraction of a second.
  if (config.demo) {
    const demo = await seedDemoData(database.db, new Date(), { cards: app.cardProviders.rails, storage: app.fileStorage });
    if (demo) app.log.info({ userId: demo.userId }, 'demo data seeded');
  }

  // Periodic jobs start once the server answers; until then a stop has nothing of theirs to wait for.
  let jobs: Promise<JobScheduler | undefined> = Promise.resolve(undefined);
  let closing = false;
  // A stop (docs/decisions/112): /readyz answers 503 at once so the balancer drains this server, the
  // port closes to new connections, requests in flight finish, jobs stop, the pool closes, exit 0.
  // Requests still running after SHUTDOWN_GRACE_MS are cut off: exit 1, so the log says it was not clean.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.readiness.drain();
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    setTimeout(() => {
      app.log.error({ graceMs: config.shutdownGraceMs }, 'requests still in flight after SHUTDOWN_GRACE_MS; exiting anyway');
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    // A run in progress finishes (a sweep its batch) before the database closes under it.
    const jobsStopped = jobs.then((scheduler) => scheduler?.stop());
    await app.close();
    await jobsStopped;
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    fail(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  if (!closing) {
    // On PostgreSQL each occurrence runs on one server of all that share it; on the embedded
    // database on this process's timers (docs/decisions/188). Each run counted and timed in this
    // app's metrics (170) and written to the run history (189).
    jobs = startPeriodicJobs(app, database.db, config).catch((error: unknown) => {
      app.log.error({ err: error }, 'periodic jobs not started');
      return undefined;
    });
  }
  // PORT=0 asks the system for a free port: say the one it gave.
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  app.log.info(
    `Ready at http://localhost:${port}, listening on ${config.host}` +
      (config.demo ? ' (demo mode; developer preview: /testPreview)' : ''),
  );
}

void main();
