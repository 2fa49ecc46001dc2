import type { CounterStore, WindowCount } from './counter-store';

/**
 * Uses the shared store, and this process's own counters while it fails: with Redis down the
 * limits hold per process instead of vanishing, and no visitor is refused for our outage.
 */
export class FailoverCounterStore implements CounterStore {
  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  private async attempt<T>(run: (store: CounterStore) => Promise<T>): Promise<T> {
    try {
      return await run(this.primary);
    } catch (error) {
      this.onFailure(error);
      return run(this.fallback);
    }
  }

  increment(key: string, windowMs: number): Promise<number> {
    return this.attempt((store) => store.increment(key, windowMs));
  }

  hit(key: string, windowMs: number): Promise<WindowCount> {
    return this.attempt((store) => store.hit(key, windowMs));
  }

  decrement(key: string): Promise<void> {
    return this.attempt((store) => store.decrement(key));
  }

  claim(key: string, ttlMs: number): Promise<number> {
    return this.attempt((store) => store.claim(key, ttlMs));
  }

  release(key: string): Promise<void> {
    return this.attempt((store) => store.release(key));
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}
