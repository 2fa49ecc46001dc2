import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentMetrics, PrometheusMetrics } from '../metrics';
import { startPeriodicJob } from './periodic-job';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('startPeriodicJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs after the first delay, then once per interval, never two runs at once', async () => {
    let runs = 0;
    let finish: () => void = () => {};
    const job = startPeriodicJob({
      name: 'test',
      firstRunAfterMs: 1_000,
      intervalMs: 10_000,
      log,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // A slow run delays the next one instead of overlapping it.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(2);
    finish();
    await job.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
  });

  it('logs a failed run and keeps the schedule', async () => {
    let runs = 0;
    const job = startPeriodicJob({
      name: 'failing',
      firstRunAfterMs: 0,
      intervalMs: 5_000,
      log,
      run: async () => {
        runs += 1;
        throw new Error('disk full');
      },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'failing' }), 'scheduled job failed');
    await job.stop();
  });

  it('stop waits for the run in progress', async () => {
    let finish: () => void = () => {};
    let done = false;
    const job = startPeriodicJob({
      name: 'slow',
      firstRunAfterMs: 0,
      intervalMs: 1_000,
      log,
      run: () =>
        new Promise<void>((resolve) => {
          finish = () => {
            done = true;
            resolve();
          };
        }),
    });
    await vi.advanceTimersByTimeAsync(0);
    const stopped = job.stop();
    finish();
    await stopped;
    expect(done).toBe(true);
  });

  it("counts each run and each failure by the job's name, timed, with the app's metrics current while it runs", async () => {
    const metrics = new PrometheusMetrics();
    let runs = 0;
    let currentDuringRun: unknown;
    const job = startPeriodicJob({
      name: 'flaky',
      firstRunAfterMs: 0,
      intervalMs: 1_000,
      log,
      metrics,
      run: async () => {
        runs += 1;
        currentDuringRun = currentMetrics();
        if (runs === 2) throw new Error('provider down');
      },
    });
    await vi.advanceTimersByTimeAsync(2_500);
    await job.stop();
    expect(runs).toBe(3);
    expect(currentDuringRun).toBe(metrics);
    expect(currentMetrics()).not.toBe(metrics);
    const { text } = await metrics.scrape();
    expect(text).toContain('job_runs_total{job="flaky"} 3');
    expect(text).toContain('job_failures_total{job="flaky"} 1');
    expect(text).toContain('job_duration_seconds_count{job="flaky"} 3');
    expect(text).toMatch(/job_duration_seconds_bucket\{le="\+Inf",job="flaky"\} 3/);
  });
});
