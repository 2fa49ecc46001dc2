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
