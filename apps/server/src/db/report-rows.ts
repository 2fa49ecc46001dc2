import { sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from './client';

/** The rows of a statement written as SQL text: the whole-book reports' grouped reads (docs/decisions/247). */
export async function reportRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A Postgres `int[]` literal of ids, one parameter however many there are. */
export function idArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/**
 * Reads of the whole book in one read-only transaction whose statements may take up to a minute:
 * the serving pool's own limit is for a borrower's calls, not for a report over a million orders
 * (docs/decisions/247).
 */
export function readWholeBook<T>(db: Db, read: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`set local statement_timeout = '60s'`);
    return read(tx);
  });
}
