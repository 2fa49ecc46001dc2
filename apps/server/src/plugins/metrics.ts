import { createHash, timingSafeEqual } from 'node:crypto';
import { METRICS_PATH } from '@lend/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NO_METRICS, PrometheusMetrics, withMetrics, type Metrics, type PoolStats } from '../metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's counters (docs/decisions/170); counting nothing when `METRICS_TOKEN` is unset. */
    metrics: Metrics;
  }
}

export type MetricsOptions = {
  /** The scraper's bearer token; without one there are no metrics and no `/metrics`. */
  token: string | undefined;
  poolStats?: (() => PoolStats) | undefined;
};

/** A request no route matched is one label, whatever its address. */
const UNMATCHED = 'unmatched';

/** Refusal codes the envelope carried, by request, for the answer's count. */
const refusals = new WeakMap<FastifyRequest, string>();

/** The envelope's non-zero code, counted with the answer (plugins/error-handler.ts). */
export function noteRefusal(request: FastifyRequest, code: number): void {
  refusals.set(request, String(code));
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Same time for every wrong token, whatever its length or first differing character. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

/**
 * Prometheus metrics of this app (docs/decisions/170): each answer counted and timed by its route
 * pattern, the app's metrics current through every request, and `/metrics` for a scraper holding
 * `METRICS_TOKEN`. To anyone else, sessions and the operator token included, `/metrics` is an
 * address like any unknown one: 404.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  if (options.token === undefined) {
    app.decorate('metrics', NO_METRICS);
    return;
  }
  const metrics = new PrometheusMetrics({ poolStats: options.poolStats });
  const expected = digest(options.token);
  app.decorate('metrics', metrics);
  app.addHook('onRequest', (_request, _reply, done) => withMetrics(metrics, done));
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    metrics.httpAnswered({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      errorCode: refusals.get(request),
    });
  });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) return reply.callNotFound();
    const { contentType, text } = await metrics.scrape();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(text);
  });
});
