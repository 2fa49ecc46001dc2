import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { CountersUnavailable, type CounterStore } from '../src/counters/counter-store';
import { FailoverCounterStore } from '../src/counters/failover-counter-store';
import { MemoryCounterStore } from '../src/counters/memory-counter-store';
import { RedisCounterStore } from '../src/counters/redis-counter-store';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
afterAll(() => redis.disconnect());

describe.each([
  { store: 'in-process', make: () => new MemoryCounterStore() as CounterStore },
  // A random prefix per run: runs sharing one Redis never count together.
  { store: 'redis', make: () => new RedisCounterStore(redis, `test:${randomBytes(6).toString('hex')}:`) as CounterStore },
])('counter store ($store)', ({ make }) => {
  it('counts within a window, gives a count back and starts over when the window ends', async () => {
    const store = make();
    expect(await Promise.all([store.increment('k', 300), store.increment('k', 300), store.increment('k', 300)])).toEqual(
      expect.arrayContaining([1, 2, 3]),
    );
    await store.decrement('k');
    expect(await store.increment('k', 300)).toBe(3);
    await delay(350);
    expect(await store.increment('k', 300)).toBe(1);
  });

  it('holds a key once until it lapses or is released', async () => {
    const store = make();
    const claims = await Promise.all(Array.from({ length: 5 }, () => store.claim('hold', 300)));
    expect(claims.filter((left) => left === 0)).toHaveLength(1);
    expect(Math.max(...claims)).toBeLessThanOrEqual(300);
    await store.release('hold');
    expect(await store.claim('hold', 300)).toBe(0);
    await delay(350);
    expect(await store.claim('hold', 300)).toBe(0);
  });
});

describe('failover counter store', () => {
  it('counts in this process while the shared store fails', async () => {
    const failures: unknown[] = [];
    const broken = new RedisCounterStore(new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 0 }));
    const store = new FailoverCounterStore(broken, new MemoryCounterStore(), (error) => failures.push(error));
    expect(await store.increment('k', 1_000)).toBe(1);
    expect(await store.increment('k', 1_000)).toBe(2);
    expect(await store.claim('hold', 1_000)).toBe(0);
    expect(await store.claim('hold', 1_000)).toBeGreaterThan(0);
    expect(failures.length).toBeGreaterThan(0);
    await store.close();
  });

  it('refuses in its strict view instead of counting in this process', async () => {
    const broken = new RedisCounterStore(new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 0 }));
    const store = new FailoverCounterStore(broken, new MemoryCounterStore(), () => undefined);
    await expect(store.strict.increment('k', 1_000)).rejects.toBeInstanceOf(CountersUnavailable);
    await expect(store.strict.claim('hold', 1_000)).rejects.toBeInstanceOf(CountersUnavailable);
    expect(await store.increment('k', 1_000)).toBe(1);
    await store.close();
  });
});
