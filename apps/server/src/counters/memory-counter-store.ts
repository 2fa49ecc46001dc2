import type { CounterStore, WindowCount } from './counter-store';

type Entry = { value: number; expiresAt: number };

/** Counters of this process alone; `now` is injectable so tests can move time. */
export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Entry>();
  /** This process's counts are all there is: nothing to lose. */
  readonly strict: CounterStore = this;

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string, now = this.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async increment(key: string, windowMs: number): Promise<number> {
    return (await this.hit(key, windowMs)).count;
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    // Every call counts one: the clock is read once.
    const now = this.now();
    this.sweep(now);
    const entry = this.live(key, now);
    if (entry) {
      entry.value += 1;
      return { count: entry.value, msLeft: entry.expiresAt - now };
    }
    this.entries.set(key, { value: 1, expiresAt: now + windowMs });
    return { count: 1, msLeft: windowMs };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.live(key);
    if (entry && entry.value > 0) entry.value -= 1;
  }

  async claim(key: string, ttlMs: number): Promise<number> {
    this.sweep();
    const entry = this.live(key);
    if (entry) return entry.expiresAt - this.now();
    this.entries.set(key, { value: 1, expiresAt: this.now() + ttlMs });
    return 0;
  }

  async release(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Drops expired entries now and then, so a flood of distinct keys cannot grow the map forever. */
  private sweep(now?: number): void {
    if (this.entries.size < 10_000) return;
    now ??= this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
