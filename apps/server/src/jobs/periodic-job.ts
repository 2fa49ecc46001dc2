import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { NO_METRICS, withMetrics, type Metrics } from '../metrics';
import type { ScheduledJob } from './job-scheduler';

type Timers = {
  setTimeout: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (timer: ReturnType<typeof setTimeout>) => void;
};

export type PeriodicJobOptions = {
  name: string;
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
  /** Wait before the first run, so start-up is not slowed by housekeeping. */
  firstRunAfterMs: number;
  run: () => Promise<void>;
  log: FastifyBaseLogger;
  timers?: Timers;
  /** The app's metrics: each run counted and timed by the job's name, and current while it runs (docs/decisions/170). */
  metrics?: Metrics;
};

/** What a job starter passes on to its periodic job besides its own settings: the timers tests move, the app's metrics. */
export type JobRuntime = Pick<PeriodicJobOptions, 'timers' | 'metrics'>;

export type PeriodicJob = {
  /** Stops scheduling and waits for a run in progress, so the database can close after it. */
  stop: () => Promise<void>;
};

/**
 * Runs `run` now and then, in this process, never two at once. A failed run is logged and the
 * schedule goes on. Timers do not keep the process alive.
 */
export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  const timers = options.timers ?? globalThis;
  const metrics = options.metrics ?? NO_METRICS;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = timers.setTimeout(tick, ms);
    (timer as { unref?: () => void }).unref?.();
  };

  function tick() {
    timer = undefined;
    const started = performance.now();
    const ran = (failed: boolean) => metrics.jobRan(options.name, (performance.now() - started) / 1000, failed);
    running = withMetrics(metrics, options.run).then(
      () => ran(false),
      (error: unknown) => {
        ran(true);
        options.log.error({ err: error, job: options.name }, 'scheduled job failed');
      },
    );
    void running.finally(() => {
      running = undefined;
      schedule(options.intervalMs);
    });
  }

  schedule(options.firstRunAfterMs);
  return {
    stop: async () => {
      stopped = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      await running;
    },
  };
}

/** A scheduled job on this process's own timers alone, without the run history: a job's own tests, and what the schedulers build on. */
export function startJobInProcess(job: ScheduledJob, log: FastifyBaseLogger, runtime: JobRuntime = {}): PeriodicJob {
  const stopping = new AbortController();
  const periodic = startPeriodicJob({ name: job.name, intervalMs: job.intervalMs, firstRunAfterMs: job.firstRunAfterMs, log, run: () => job.run(stopping.signal), ...runtime });
  return {
    stop: async () => {
      stopping.abort();
      await periodic.stop();
    },
  };
}
