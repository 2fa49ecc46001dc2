import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { CounterStore } from '../counters/counter-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's rate limit must never let more through than allowed (sign-in, SMS): while the
     * shared counters are lost it answers 503 instead of counting in this process (docs/decisions/194).
     */
    strictLimit?: boolean;
  }
}

class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  readonly statusCode = 429;
}

/**
 * What @fastify/rate-limit hands `child` (its merged options, the route under `routeInfo`), read
 * strictly: a plugin update that moved the route would otherwise make every route share one count.
 */
const childOptionsSchema = z.object({
  routeInfo: z.object({
    method: z.union([z.string(), z.array(z.string())]),
    url: z.string(),
    config: z.object({ strictLimit: z.boolean().optional() }).optional(),
  }),
  /** Routes that share one count name the same group. */
  groupId: z.string().optional(),
});

/**
 * Route limits counted in the app's one CounterStore, so they share its Redis and its fallback:
 * with Redis down they count in this process rather than switching off (docs/decisions/063),
 * except a route marked `strictLimit`, which is refused then (docs/decisions/194).
 */
function counterBackedStore(appCounters: CounterStore) {
  return class CounterBackedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'route:',
      private readonly counters = appCounters,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      this.counters.hit(this.prefix + key, timeWindow).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): CounterBackedStore {
      const { routeInfo, groupId } = childOptionsSchema.parse(options);
      const scope = groupId === undefined ? `${[routeInfo.method].flat().join(',')}${routeInfo.url}` : `group:${groupId}`;
      const counters = routeInfo.config?.strictLimit === true ? appCounters.strict : appCounters;
      return new CounterBackedStore(options, `${this.prefix}${scope}:`, counters);
    }
  };
}

/**
 * Rate limits are opt-in per route (`config.rateLimit`), counted in the app's counters. The limit
 * headers go out with a refusal only (with `Retry-After`): no client reads them on an answer, and
 * three headers on every call cost more than the count itself (docs/decisions/229).
 */
export const rateLimits = fp(async (app: FastifyInstance, options: { counters: CounterStore }) => {
  await app.register(rateLimit, {
    global: false,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    store: counterBackedStore(options.counters),
    errorResponseBuilder: () => new RateLimitedError('too many requests'),
  });
});
