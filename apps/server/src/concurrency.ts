/**
 * Runs `work` on each item, at most `limit` at once, taking items in order. Resolves once every
 * item is done; after a failure no further item is started, and it rejects with that failure
 * once the work in flight has ended, so nothing is left running behind the caller.
 */
export async function forEachAtMost<T>(items: Iterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const pending = items[Symbol.iterator]();
  const failures: unknown[] = [];
  const worker = async () => {
    for (let next = pending.next(); !next.done && failures.length === 0; next = pending.next()) {
      try {
        await work(next.value);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  if (failures.length > 0) throw failures[0];
}

/**
 * A gate that lets at most `limit` tasks run at once in this process; the others wait their turn
 * in the order they came. A task's failure is its caller's and frees its place all the same.
 */
export function atMostAtOnce(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return async (task) => {
    if (running < Math.max(1, limit)) running += 1;
    // A released place passes straight to the next in line, so `running` stays counted.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
