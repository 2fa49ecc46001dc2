/**
 * The server's Prometheus metrics (docs/decisions/170): the counters everything else uses, typed,
 * so no other code touches prom-client.
 */
export { NO_METRICS, PrometheusMetrics, type Metrics, type PoolStats } from './app-metrics';
export { currentMetrics, withMetrics } from './scope';
