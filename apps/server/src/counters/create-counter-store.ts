import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { CounterStore } from './counter-store';
import { FailoverCounterStore } from './failover-counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { RedisCounterStore } from './redis-counter-store';

export type CounterStoreOptions = {
  redisUrl: string | undefined;
  now?: () => number;
  onRedisError: (error: unknown) => void;
};

/** Redis-backed counters (falling back to this process's) when REDIS_URL is set, in-process otherwise. */
export async function createCounterStore(options: CounterStoreOptions): Promise<CounterStore> {
  const memory = new MemoryCounterStore(options.now);
  if (!options.redisUrl) return memory;
  // Without an offline queue a command fails at once while Redis is away, and the fallback counts.
  const redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', options.onRedisError);
  try {
    await Promise.race([once(redis, 'ready'), delay(2_000)]);
  } catch {
    // unreachable now: the fallback counts until it comes back
  }
  return new FailoverCounterStore(new RedisCounterStore(redis), memory, options.onRedisError);
}
