import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { writeOffs } from '../../db/schema';

export type WriteOffRow = typeof writeOffs.$inferSelect;
export type NewWriteOff = typeof writeOffs.$inferInsert;

/** Writes these orders off in one statement; the orders written now (one written off before is left as it was). */
export async function insertWriteOffs(tx: Tx, rows: readonly NewWriteOff[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const written = await tx.insert(writeOffs).values([...rows]).onConflictDoNothing({ target: writeOffs.orderId }).returning({ orderId: writeOffs.orderId });
  return written.map((row) => row.orderId);
}

export async function writeOffRow(db: Queryable, orderId: number): Promise<WriteOffRow | undefined> {
  const [row] = await db.select().from(writeOffs).where(eq(writeOffs.orderId, orderId)).limit(1);
  return row;
}

/** Which of these orders are written off. */
export async function writtenOffIds(db: Queryable, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: writeOffs.orderId })
    .from(writeOffs)
    .where(inArray(writeOffs.orderId, [...orderIds]));
  return new Set(rows.map((row) => row.orderId));
}

/** The day each of these orders was written off. */
export async function writeOffDays(db: Queryable, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: writeOffs.orderId, on: writeOffs.writtenOffOn })
    .from(writeOffs)
    .where(inArray(writeOffs.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row.on]));
}

export async function addRecovered(tx: Tx, orderId: number, amountMinor: number): Promise<void> {
  await tx
    .update(writeOffs)
    .set({ recoveredMinor: sql`${writeOffs.recoveredMinor} + ${amountMinor}` })
    .where(eq(writeOffs.orderId, orderId));
}

/** What was written off, recovered and waived by a settlement of each written-off order with an id in (afterId, throughId]. */
export function writeOffsInRange(db: Queryable, afterId: number, throughId: number) {
  return db
    .select({
      orderId: writeOffs.orderId,
      totalMinor: sql<number>`(${writeOffs.principalMinor} + ${writeOffs.interestMinor} + ${writeOffs.taxMinor} + ${writeOffs.lateChargesMinor})::bigint`.mapWith(Number),
      recoveredMinor: writeOffs.recoveredMinor,
      waivedMinor: writeOffs.waivedMinor,
    })
    .from(writeOffs)
    .where(and(gt(writeOffs.orderId, afterId), lte(writeOffs.orderId, throughId)));
}
