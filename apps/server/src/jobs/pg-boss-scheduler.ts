import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { Pool, PoolClient } from 'pg';
import type PgBoss from 'pg-boss';
import { reportPoolErrors } from '../db/pool-errors';
import { NO_METRICS, withMetrics } from '../metrics';
import { closeAbandonedRuns, recordAttemptEnd, recordAttemptStart, type JobAttempt } from '../modules/job-runs';
import { noteRun, SERVER_NAME, type JobScheduler, type ScheduledJob, type SchedulerDeps } from './job-scheduler';

/** The schema the runner keeps its queues in; it makes and upgrades it itself (docs/decisions/190). */
export const RUNNER_SCHEMA = 'pgboss';
/** The first key of every job's advisory lock; the second is the job's name hashed. */
const JOB_LOCK_KEY = 417_188;
/** Held while queues are made: two servers making one queue at once deadlock on the runner's partitions. */
const QUEUE_LOCK_KEY = 417_189;

export type PgBossSettings = {
  /** The serving role's connection. */
  url: string;
  /** The role that owns the tables makes the runner's schema and queues, when it is not the serving role (docs/decisions/114). */
  migrationUrl?: string;
  /** Attempts after the first failed one (bounded), the first wait before one, doubled each time with jitter. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often each server asks for a due occurrence it was not told about (a retry, one another server offered and died). */
  pollingMs: number;
};

/** Production's: two more attempts, half a minute then about a minute later; a due run is looked for every 10 s. */
export const PG_BOSS_DEFAULTS = { retryLimit: 2, retryDelaySeconds: 30, pollingMs: 10_000 } as const;

const DEFAULT_EXPIRE_MS = 15 * 60 * 1000;
/** Past a run's expiry, the runner's maintenance (every 2 minutes) has had time to hand it to another server. */
const ABANDONED_AFTER_EXPIRY_MS = 5 * 60 * 1000;

type Loop = { wake: () => void; done: Promise<void> };

/**
 * Every server offers each occurrence of each job (`send` with `singletonSeconds` of the job's
 * interval: the runner keeps one per slot of time, whoever offers it first), and each server's
 * loop per job takes due occurrences with SKIP LOCKED, so exactly one server runs each one. A
 * failed attempt goes back to the queue with a growing delay until `retryLimit`; an attempt whose
 * server died is expired by the runner's maintenance and tried again elsewhere. A session advisory
 * lock per job keeps a job from running twice at once even then (docs/decisions/189).
 */
export class PgBossScheduler implements JobScheduler {
  readonly kind = 'pg-boss';
  readonly #deps: SchedulerDeps;
  readonly #settings: PgBossSettings;
  readonly #stopping = new AbortController();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #loops = new Map<string, Loop>();
  #pool: Pool | undefined;
  #boss: PgBoss | undefined;
  #stopped: Promise<void> | undefined;

  constructor(deps: SchedulerDeps, settings: PgBossSettings) {
    this.#deps = deps;
    this.#settings = settings;
    // Each job's loop waits on this one signal: one listener per job is the design, not a leak.
    setMaxListeners(0, this.#stopping.signal);
  }

  async start(jobs: readonly ScheduledJob[]): Promise<void> {
    const [{ default: pg }, { default: Boss }] = await Promise.all([import('pg'), import('pg-boss')]);
    const { url, migrationUrl } = this.#settings;
    // One connection per job for its lock while it runs, and two for the runner's own queries.
    const pool = new pg.Pool({ connectionString: url, max: jobs.length + 2, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 5_000 });
    // A job's lock connection lost while the job runs is reported, not an unhandled error that ends the server.
    reportPoolErrors(pool, (error) => this.#deps.log.error({ err: error }, 'job runner connection failed'));
    this.#pool = pool;
    const owner = migrationUrl !== undefined && migrationUrl !== url;
    if (owner) await prepareRunnerSchema(pg.Pool, Boss, migrationUrl, jobs, this.#settings, await servingRole(pool));
    const boss = new Boss({
      db: runnerDb(pool),
      schema: RUNNER_SCHEMA,
      migrate: !owner,
      // Occurrences come from the servers' offers, not the runner's cron; its maintenance expires, archives and deletes.
      schedule: false,
      supervise: true,
      // Done occurrences stay in the queue two days, so an offer late in a daily job's slot still finds its slot taken.
      archiveCompletedAfterSeconds: 2 * 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    boss.on('error', (error) => this.#deps.log.error({ err: error }, 'job runner failed'));
    await boss.start();
    this.#boss = boss;
    if (!owner) await ensureQueues(boss, pool, jobs, this.#settings);
    for (const job of jobs) {
      this.#loops.set(job.name, this.#work(boss, pool, job));
      this.#offerEvery(boss, job);
    }
  }

  stop(): Promise<void> {
    this.#stopped ??= this.#stop();
    return this.#stopped;
  }

  async #stop(): Promise<void> {
    this.#stopping.abort();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await Promise.all([...this.#loops.values()].map((loop) => loop.done));
    await this.#boss?.stop({ graceful: false, close: false });
    await this.#pool?.end();
  }

  /** This server's offer of the job's current occurrence, first after `firstRunAfterMs`, then every interval. */
  #offerEvery(boss: PgBoss, job: ScheduledJob) {
    const slotSeconds = Math.max(1, Math.round(job.intervalMs / 1000));
    const offer = (afterMs: number) => {
      if (this.#stopping.signal.aborted) return;
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        boss.send(job.name, {}, { singletonSeconds: slotSeconds }).then(
          // A new occurrence: this server's loop looks at once rather than at its next poll.
          (id) => void (id !== null && this.#loops.get(job.name)?.wake()),
          (error: unknown) => this.#deps.log.error({ err: error, job: job.name }, 'scheduled job not offered'),
        );
        // A run still marked running long after the runner would have expired it lost its server.
        const now = Date.now();
        const startedBefore = new Date(now - (job.expireAfterMs ?? DEFAULT_EXPIRE_MS) - ABANDONED_AFTER_EXPIRY_MS);
        void noteRun(this.#deps.log, async () => void (await closeAbandonedRuns(this.#deps.db, job.name, startedBefore, new Date(now))));
        offer(job.intervalMs);
      }, afterMs);
      timer.unref();
      this.#timers.add(timer);
    };
    offer(job.firstRunAfterMs);
  }

  /** Takes the job's due occurrences one at a time until the server stops. */
  #work(boss: PgBoss, pool: Pool, job: ScheduledJob): Loop {
    let wake = () => {};
    const signal = this.#stopping.signal;
    // Until the next poll, an offer of this server's, or the stop, whichever comes first.
    const nap = () =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const end = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', end);
          resolve();
        };
        const timer = setTimeout(end, this.#settings.pollingMs);
        timer.unref();
        signal.addEventListener('abort', end);
        wake = end;
      });
    const done = (async () => {
      while (!signal.aborted) {
        try {
          const [taken] = await boss.fetch<object>(job.name, { includeMetadata: true });
          if (taken) await this.#runOnce(boss, pool, job, taken);
          else await nap();
        } catch (error) {
          // The database went away mid-way: what was taken expires and is tried again; this loop carries on.
          this.#deps.log.error({ err: error, job: job.name }, 'job runner could not reach the database');
          await nap();
        }
      }
    })();
    return { wake: () => wake(), done };
  }

  async #runOnce(boss: PgBoss, pool: Pool, job: ScheduledJob, taken: PgBoss.JobWithMetadata<object>): Promise<void> {
    const { db, log } = this.#deps;
    const metrics = this.#deps.metrics ?? NO_METRICS;
    const attempt: JobAttempt = { runnerId: taken.id, job: job.name, attempt: taken.retryCount + 1, server: SERVER_NAME, startedAt: new Date() };
    let lock: PoolClient | undefined;
    try {
      lock = await lockJob(pool, job.name);
    } catch (error) {
      await boss.fail(job.name, taken.id, { message: (error as Error).message });
      return;
    }
    if (!lock) {
      // Still running elsewhere (an attempt taken for dead that was only slow): that run covers this occurrence.
      await noteRun(log, async () => {
        await recordAttemptStart(db, attempt);
        await recordAttemptEnd(db, attempt, { state: 'skipped', finishedAt: new Date() });
      });
      await boss.complete(job.name, taken.id, { skipped: true });
      return;
    }
    try {
      await noteRun(log, () => recordAttemptStart(db, attempt));
      const started = performance.now();
      try {
        await withMetrics(metrics, () => job.run(this.#stopping.signal));
      } catch (error) {
        metrics.jobRan(job.name, (performance.now() - started) / 1000, true);
        const retrying = taken.retryCount < taken.retryLimit;
        log.error({ err: error, job: job.name, attempt: attempt.attempt, retrying }, 'scheduled job failed');
        await noteRun(log, () => recordAttemptEnd(db, attempt, { state: retrying ? 'retrying' : 'failed', finishedAt: new Date(), error }));
        await boss.fail(job.name, taken.id, { message: error instanceof Error ? error.message : String(error) });
        return;
      }
      metrics.jobRan(job.name, (performance.now() - started) / 1000, false);
      await noteRun(log, () => recordAttemptEnd(db, attempt, { state: 'succeeded', finishedAt: new Date() }));
      await boss.complete(job.name, taken.id);
    } finally {
      await unlockJob(lock, job.name);
    }
  }
}

/**
 * The runner's queries on our pool. Its schema changes are several statements in one transaction;
 * one that fails (two servers making the schema at once) is rolled back before its connection goes
 * back to the pool, never left aborted for the next query.
 */
function runnerDb(pool: Pool): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const client = await pool.connect();
      try {
        return await client.query(text, values);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/** The job's advisory lock on a connection of its own, held while it runs; undefined when another session holds it. */
async function lockJob(pool: Pool, name: string): Promise<PoolClient | undefined> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [JOB_LOCK_KEY, name]);
    if (rows[0]?.locked) return client;
  } catch (error) {
    client.release(true);
    throw error;
  }
  client.release();
  return undefined;
}

async function unlockJob(client: PoolClient, name: string): Promise<void> {
  try {
    await client.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_KEY, name]);
    client.release();
  } catch (error) {
    // A connection that cannot unlock is closed, which ends its session and its lock.
    client.release(error instanceof Error ? error : true);
  }
}

function queueOptions(job: ScheduledJob, settings: PgBossSettings): PgBoss.Queue {
  return {
    name: job.name,
    policy: 'standard',
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.ceil((job.expireAfterMs ?? DEFAULT_EXPIRE_MS) / 1000),
  };
}

/** Each job's queue, made if missing and given the current retry and expiry settings, one server at a time. */
async function ensureQueues(boss: PgBoss, pool: Pool, jobs: readonly ScheduledJob[], settings: PgBossSettings): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1, 0)', [QUEUE_LOCK_KEY]);
    for (const job of jobs) {
      const options = queueOptions(job, settings);
      await boss.createQueue(job.name, options);
      await boss.updateQueue(job.name, options);
    }
  } finally {
    // Ending the session would release it too: a connection that cannot unlock is closed.
    await client.query('select pg_advisory_unlock($1, 0)', [QUEUE_LOCK_KEY]).then(
      () => client.release(),
      (error: unknown) => client.release(error instanceof Error ? error : true),
    );
  }
}

async function servingRole(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ role: string }>('select current_user as role');
  const role = rows[0]?.role;
  if (!role) throw new Error('the serving role is unknown');
  return role;
}

/**
 * On a connection of the owning role: the runner's schema made or upgraded (the runner does it in
 * its own transaction, under its own advisory lock), each queue made, and the serving role given
 * rows, never DDL, in it (docs/decisions/190).
 */
async function prepareRunnerSchema(
  Pool: typeof import('pg').Pool,
  Boss: typeof PgBoss,
  migrationUrl: string,
  jobs: readonly ScheduledJob[],
  settings: PgBossSettings,
  role: string,
): Promise<void> {
  // One connection holds the queue lock while the other makes the queues.
  const pool = new Pool({ connectionString: migrationUrl, max: 2, connectionTimeoutMillis: 5_000 });
  const boss = new Boss({ db: runnerDb(pool), schema: RUNNER_SCHEMA, migrate: true, schedule: false, supervise: false });
  try {
    await boss.start();
    await ensureQueues(boss, pool, jobs, settings);
    const quoted = `"${role.replaceAll('"', '""')}"`;
    await pool.query(`GRANT USAGE ON SCHEMA ${RUNNER_SCHEMA} TO ${quoted}`);
    await pool.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${RUNNER_SCHEMA} TO ${quoted}`);
  } finally {
    await boss.stop({ graceful: false, close: false });
    await pool.end();
  }
}
