import type { Redis } from 'ioredis';
import type { CounterStore, WindowCount } from './counter-store';

// INCR and PEXPIRE in one step, so a crash between them cannot leave a counter without expiry.
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;
const DECREMENT = `if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters shared by every server process through Redis. */
export class RedisCounterStore implements CounterStore {
  /** A failed command already fails the call: nothing falls back here. */
  readonly strict: CounterStore = this;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'lend:',
  ) {}

  async increment(key: string, windowMs: number): Promise<number> {
    return (await this.hit(key, windowMs)).count;
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const reply = await this.redis.eval(INCREMENT, 1, this.prefix + key, String(windowMs));
    const [count, msLeft] = Array.isArray(reply) ? reply.map(Number) : [];
    if (count === undefined || msLeft === undefined) throw new Error('unexpected reply from the Redis counter script');
    return { count, msLeft: Math.max(msLeft, 0) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.prefix + key);
  }

  async claim(key: string, ttlMs: number): Promise<number> {
    const taken = await this.redis.set(this.prefix + key, '1', 'PX', ttlMs, 'NX');
    if (taken === 'OK') return 0;
    const left = await this.redis.pttl(this.prefix + key);
    // The hold may have lapsed between the two calls; report a minimal wait rather than none.
    return left > 0 ? left : 1;
  }

  async release(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
