/** Rows a housekeeping statement removes at most, so no statement holds many locks or runs long. */
export const ROWS_REMOVED_AT_ONCE = 5_000;

/**
 * Runs a batch removal (`remove(limit)` answers how many rows it removed) until a batch comes back
 * short; answers how many rows were removed in all.
 */
export async function removeInBatches(remove: (limit: number) => Promise<number>, limit = ROWS_REMOVED_AT_ONCE): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await remove(limit);
    removed += batch;
    if (batch < limit) return removed;
  }
}
