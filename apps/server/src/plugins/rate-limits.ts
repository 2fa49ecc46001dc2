import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  readonly statusCode = 429;
}

/**
 * Rate limits are opt-in per route (`config.rateLimit`). With REDIS_URL the counters are shared
 * by every server process; a Redis outage lets requests through rather than failing them.
 */
export const rateLimits = fp(async (app: FastifyInstance, options: { redisUrl: string | undefined }) => {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable for rate limits'));
  if (redis) {
    app.addHook('onClose', async () => void redis.disconnect());
    // Without an offline queue, commands sent before the connection is up would skip the limit.
    try {
      await Promise.race([once(redis, 'ready'), delay(2_000)]);
    } catch {
      // unreachable now; limits are skipped until it comes back
    }
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, skipOnError: true } : {}),
    errorResponseBuilder: () => new RateLimitedError('too many requests'),
  });
});
