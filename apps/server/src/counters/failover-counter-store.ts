import { CountersUnavailable, type CounterStore, type WindowCount } from './counter-store';

/**
 * Uses the shared store, and this process's own counters while it fails: with Redis down the
 * limits hold per process instead of vanishing, and no visitor is refused for our outage. Its
 * `strict` view has no fallback: a failure there is `CountersUnavailable`, for the limits that
 * must never let more through than allowed (docs/decisions/194).
 */
export class FailoverCounterStore implements CounterStore {
  readonly strict: CounterStore;

  /** `fallback` undefined: the strict view, which refuses while the shared store fails. */
  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore | undefined,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.strict = fallback === undefined ? this : new FailoverCounterStore(primary, undefined, onFailure);
  }

  private async attempt<T>(run: (store: CounterStore) => Promise<T>): Promise<T> {
    try {
      return await run(this.primary);
    } catch (error) {
      this.onFailure(error);
      if (this.fallback === undefined) throw new CountersUnavailable({ cause: error });
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

  /** Closes the shared store and the fallback; the strict view shares them and closes them too. */
  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback?.close()]);
  }
}
