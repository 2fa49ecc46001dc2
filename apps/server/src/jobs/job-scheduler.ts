import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Metrics } from '../metrics';
import { closeAbandonedRuns, recordAttemptEnd, recordAttemptStart, type JobAttempt } from '../modules/job-runs';
import { startPeriodicJob, type JobRuntime, type PeriodicJob } from './periodic-job';
import type { ScheduledJob } from '../scheduled-job';

export type { ScheduledJob } from '../scheduled-job';

/** Runs every periodic job, and waits for the runs in progress when it stops. */
export interface JobScheduler {
  /** `in-process`: this process's timers (the embedded database); `pg-boss`: once across every server sharing PostgreSQL. */
  readonly kind: 'in-process' | 'pg-boss';
  start(jobs: readonly ScheduledJob[]): Promise<void>;
  /** No new runs; resolves once the runs in progress have ended and the scheduler's connections are closed. */
  stop(): Promise<void>;
}

export type SchedulerDeps = {
  db: Db;
  log: FastifyBaseLogger;
  metrics?: Metrics;
};

/** What the run history says ran an attempt. */
export const SERVER_NAME = `${hostname()}:${process.pid}`.slice(0, 120);

/** Writes to the run history never decide a run's fate: one that cannot be written is logged. */
export async function noteRun(log: FastifyBaseLogger, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    log.error({ err: error }, 'job run history not written');
  }
}

/**
 * The embedded database has one process by definition (its data folder is locked to it), so its
 * jobs run on this process's own timers, each run written to the history (docs/decisions/188).
 */
export class InProcessScheduler implements JobScheduler {
  readonly kind = 'in-process';
  readonly #deps: SchedulerDeps;
  readonly #runtime: JobRuntime;
  readonly #stopping = new AbortController();
  #jobs: PeriodicJob[] = [];

  constructor(deps: SchedulerDeps, runtime: Pick<JobRuntime, 'timers'> = {}) {
    this.#deps = deps;
    this.#runtime = { ...runtime, metrics: deps.metrics };
  }

  async start(jobs: readonly ScheduledJob[]): Promise<void> {
    const { db, log } = this.#deps;
    this.#jobs = jobs.map((job) =>
      startPeriodicJob({
        name: job.name,
        intervalMs: job.intervalMs,
        firstRunAfterMs: job.firstRunAfterMs,
        log,
        ...this.#runtime,
        run: async () => {
          const attempt: JobAttempt = { runnerId: randomUUID(), job: job.name, attempt: 1, server: SERVER_NAME, startedAt: new Date() };
          // One process, never two runs of a job at once: a run of this job still marked running is one an earlier process left.
          await noteRun(log, async () => void (await closeAbandonedRuns(db, job.name, attempt.startedAt, attempt.startedAt)));
          await noteRun(log, () => recordAttemptStart(db, attempt));
          try {
            await job.run(this.#stopping.signal);
          } catch (error) {
            // The next occurrence is the retry here: a failed run is logged by the periodic job and the schedule goes on.
            await noteRun(log, () => recordAttemptEnd(db, attempt, { state: 'failed', finishedAt: new Date(), error }));
            throw error;
          }
          await noteRun(log, () => recordAttemptEnd(db, attempt, { state: 'succeeded', finishedAt: new Date() }));
        },
      }),
    );
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    await Promise.all(this.#jobs.map((job) => job.stop()));
  }
}

