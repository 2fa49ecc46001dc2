import type { FastifyBaseLogger } from 'fastify';

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
};

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
    running = options.run().then(
      () => undefined,
      (error: unknown) => options.log.error({ err: error, job: options.name }, 'scheduled job failed'),
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
