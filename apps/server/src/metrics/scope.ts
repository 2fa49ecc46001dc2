import { AsyncLocalStorage } from 'node:async_hooks';
import { NO_METRICS, type Metrics } from './app-metrics';

/**
 * The app's metrics for the work in progress: a request's, or a periodic job's run. A payment or an
 * SMS is counted where it happens, deep in a service that serves both requests and jobs, without
 * each caller handing the counters down (docs/decisions/170).
 */
const current = new AsyncLocalStorage<Metrics>();

/** Runs `work` with `metrics` as the current app's. */
export function withMetrics<T>(metrics: Metrics, work: () => T): T {
  // Without metrics there is nothing to carry: on Node 20 the first `run` turns on promise hooks
  // for the whole process, a cost on every promise of every request (docs/decisions/212).
  if (metrics === NO_METRICS && current.getStore() === undefined) return work();
  return current.run(metrics, work);
}

/** The current app's metrics; outside any request or job (a command, the demo data), nothing counts. */
export function currentMetrics(): Metrics {
  return current.getStore() ?? NO_METRICS;
}
