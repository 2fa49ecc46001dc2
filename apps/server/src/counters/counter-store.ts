/**
 * Shared counters for abuse limits: fixed windows and short holds. Redis when configured, so
 * every server process counts together; in-process otherwise (docs/decisions/054, 063, 194).
 */
export type WindowCount = { count: number; msLeft: number };

export interface CounterStore {
  /** Counts one more event under `key`; the window starts with the first. Returns the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  /** `increment`, also telling how long the window has left (for `Retry-After`). */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Gives back one count (a refused request that should not use up the quota). */
  decrement(key: string): Promise<void>;
  /** Holds `key` for `ttlMs` unless it is held: 0 when taken now, else the milliseconds left. */
  claim(key: string, ttlMs: number): Promise<number>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
  /**
   * The same counts for limits that must never let more through than allowed (SMS, sign-in):
   * while the shared store is lost they refuse with `CountersUnavailable` instead of counting in
   * this process (docs/decisions/194). A store that is not shared is its own strict view.
   */
  readonly strict: CounterStore;
}

/** A strict count could not be made: the shared store is unreachable. Answered 503. */
export class CountersUnavailable extends Error {
  override name = 'CountersUnavailable';
  readonly statusCode = 503;
  constructor(options?: { cause: unknown }) {
    super('the shared counters are unavailable', options);
  }
}
