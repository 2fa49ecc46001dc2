import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** How a pooled database stands right now; the embedded database has no pool to tell of. */
export type PoolStats = { total: number; idle: number; waiting: number };

/**
 * What the server counts (docs/decisions/170). Every label value comes from a short, fixed set:
 * route patterns, status classes, error codes, provider, market and job names; never an address,
 * an id or a phone.
 */
export interface Metrics {
  readonly enabled: boolean;
  httpAnswered(answer: { method: string; route: string; statusCode: number; seconds: number; errorCode: string | undefined }): void;
  jobRan(job: string, seconds: number, failed: boolean): void;
  paymentApplied(provider: string, market: string): void;
  webhookRefused(provider: string, code: string): void;
  webhookFailed(provider: string): void;
  smsSent(provider: string, kind: string): void;
  smsRefused(provider: string, reason: string): void;
}

/** Counts nothing: the app of a server without `METRICS_TOKEN`, where nobody could read them. */
export const NO_METRICS: Metrics = {
  enabled: false,
  httpAnswered: () => {},
  jobRan: () => {},
  paymentApplied: () => {},
  webhookRefused: () => {},
  webhookFailed: () => {},
  smsSent: () => {},
  smsRefused: () => {},
};

const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

/** One registry per app: tests build many apps in one process, and each scrape reads its own. */
export class PrometheusMetrics implements Metrics {
  readonly enabled = true;
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly latency: Histogram<'method' | 'route' | 'status_class'>;
  private readonly errors: Counter<'route' | 'code'>;
  private readonly jobRuns: Counter<'job'>;
  private readonly jobFailures: Counter<'job'>;
  private readonly jobDuration: Histogram<'job'>;
  private readonly payments: Counter<'provider' | 'market'>;
  private readonly webhooksRefused: Counter<'provider' | 'code'>;
  private readonly webhooksFailed: Counter<'provider'>;
  private readonly smsSentCount: Counter<'provider' | 'kind'>;
  private readonly smsRefusedCount: Counter<'provider' | 'reason'>;

  constructor(options: { poolStats?: (() => PoolStats) | undefined } = {}) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'http_requests_total', help: 'Answered requests by method, matched route pattern and status class.', labelNames: ['method', 'route', 'status_class'], registers });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its answer, by method, matched route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.errors = new Counter({ name: 'http_errors_total', help: 'Answers that were a refusal envelope (by its code) or a server error (5xx).', labelNames: ['route', 'code'], registers });
    this.jobRuns = new Counter({ name: 'job_runs_total', help: 'Runs of each periodic job.', labelNames: ['job'], registers });
    this.jobFailures = new Counter({ name: 'job_failures_total', help: 'Runs of each periodic job that failed.', labelNames: ['job'], registers });
    this.jobDuration = new Histogram({
      name: 'job_duration_seconds',
      help: 'How long each periodic job ran.',
      labelNames: ['job'],
      buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    });
    this.payments = new Counter({ name: 'payments_applied_total', help: 'Payments applied to an order, by provider and market (replays not counted).', labelNames: ['provider', 'market'], registers });
    this.webhooksRefused = new Counter({ name: 'webhook_deliveries_refused_total', help: 'Provider deliveries refused, by provider and refusal code.', labelNames: ['provider', 'code'], registers });
    this.webhooksFailed = new Counter({ name: 'webhook_deliveries_failed_total', help: 'Provider deliveries that failed on our side, by provider.', labelNames: ['provider'], registers });
    this.smsSentCount = new Counter({ name: 'sms_sent_total', help: 'SMS the gateway took, by provider and kind.', labelNames: ['provider', 'kind'], registers });
    this.smsRefusedCount = new Counter({ name: 'sms_refused_total', help: 'SMS the gateway did not take, by provider and reason.', labelNames: ['provider', 'reason'], registers });
    const { poolStats } = options;
    if (poolStats) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections in use, idle, and requests waiting for one.',
        labelNames: ['state'],
        registers,
        collect() {
          const { total, idle, waiting } = poolStats();
          this.set({ state: 'in_use' }, total - idle);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }
  }

  httpAnswered(answer: { method: string; route: string; statusCode: number; seconds: number; errorCode: string | undefined }): void {
    const labels = { method: answer.method, route: answer.route, status_class: statusClass(answer.statusCode) };
    this.requests.inc(labels);
    this.latency.observe(labels, answer.seconds);
    const code = answer.errorCode ?? (answer.statusCode >= 500 ? labels.status_class : undefined);
    if (code !== undefined) this.errors.inc({ route: answer.route, code });
  }

  jobRan(job: string, seconds: number, failed: boolean): void {
    this.jobRuns.inc({ job });
    if (failed) this.jobFailures.inc({ job });
    this.jobDuration.observe({ job }, seconds);
  }

  paymentApplied(provider: string, market: string): void {
    this.payments.inc({ provider, market });
  }

  webhookRefused(provider: string, code: string): void {
    this.webhooksRefused.inc({ provider, code });
  }

  webhookFailed(provider: string): void {
    this.webhooksFailed.inc({ provider });
  }

  smsSent(provider: string, kind: string): void {
    this.smsSentCount.inc({ provider, kind });
  }

  smsRefused(provider: string, reason: string): void {
    this.smsRefusedCount.inc({ provider, reason });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
