import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { CounterStore } from './counter-store';
import { FailoverCounterStore } from './failover-counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { RedisCounterStore } from './redis-counter-store';

/** While Redis is down every request fails over: one warning a minute tells the operator enough. */
export const REDIS_WARNING_INTERVAL_MS = 60_000;

export type CounterStoreOptions = {
  redisUrl: string | undefined;
  now?: () => number;
  log: { warn: (details: { err: unknown }, message: string) => void };
};

/**
 * The one counter store of an app: route rate limits and SMS limits both count here. Redis-backed
 * when REDIS_URL is set, in-process otherwise. While Redis fails, the store counts in this
 * process (docs/decisions/063) and its `strict` view, which the SMS and sign-in limits use,
 * refuses (docs/decisions/194).
 */
export async function createCounterStore(options: CounterStoreOptions): Promise<CounterStore> {
  const memory = new MemoryCounterStore(options.now);
  if (!options.redisUrl) return memory;
  let lastWarning = -Infinity;
  const warn = (error: unknown) => {
    if (Date.now() - lastWarning < REDIS_WARNING_INTERVAL_MS) return;
    lastWarning = Date.now();
    options.log.warn({ err: error }, 'redis unavailable: rate limits counted in this process, SMS and sign-in refused');
  };
  // Without an offline queue a command fails at once while Redis is away, and the fallback counts.
  // Loaded only when there is a Redis to talk to.
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', warn);
  try {
    await Promise.race([once(redis, 'ready'), delay(2_000)]);
  } catch {
    // unreachable now: the fallback counts until it comes back
  }
  return new FailoverCounterStore(new RedisCounterStore(redis), memory, warn);
}
