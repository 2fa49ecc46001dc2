import type { DelinquencyBand, Market } from '@lend/domain';
import { and, asc, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { delinquencyBands, delinquencyMoves, orderDelinquency, type DelinquencyMoveReason } from '../../db/schema';

export type DelinquencyRow = typeof orderDelinquency.$inferSelect;
export type DelinquencyWrite = { orderId: number; market: Market; daysPastDue: number; bucket: string | null; lateSince: string | null; asOf: string; owedMinor: number };
export type DelinquencyMove = { orderId: number; market: Market; fromBucket: string | null; toBucket: string | null; daysPastDue: number; reason: DelinquencyMoveReason; movedOn: string };

export async function storedBands(db: Queryable, market: Market): Promise<DelinquencyBand[] | undefined> {
  const [row] = await db.select({ bands: delinquencyBands.bands }).from(delinquencyBands).where(eq(delinquencyBands.market, market));
  return row?.bands;
}

/** The market's bands row, held until the transaction ends: two changes of one market run one after the other. */
export async function lockStoredBands(tx: Tx, market: Market): Promise<DelinquencyBand[] | undefined> {
  const [row] = await tx.select({ bands: delinquencyBands.bands }).from(delinquencyBands).where(eq(delinquencyBands.market, market)).for('update');
  return row?.bands;
}

export async function saveBands(tx: Tx, market: Market, bands: readonly DelinquencyBand[], now: Date): Promise<void> {
  await tx
    .insert(delinquencyBands)
    .values({ market, bands: [...bands], updatedAt: now })
    .onConflictDoUpdate({ target: delinquencyBands.market, set: { bands: [...bands], updatedAt: now } });
}

/** These orders' rows, held until the transaction ends. */
export function lockDelinquencyOf(tx: Tx, orderIds: readonly number[]): Promise<DelinquencyRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tx.select().from(orderDelinquency).where(inArray(orderDelinquency.orderId, [...orderIds])).for('update');
}

export function delinquencyOf(db: Queryable, orderIds: readonly number[]): Promise<DelinquencyRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select().from(orderDelinquency).where(inArray(orderDelinquency.orderId, [...orderIds]));
}

/** Writes every row in one statement, a new order's inserted and a known one's replaced. */
export async function upsertDelinquency(tx: Tx, rows: readonly DelinquencyWrite[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(orderDelinquency)
    .values(rows.map((row) => ({ ...row, updatedAt: now })))
    .onConflictDoUpdate({
      target: orderDelinquency.orderId,
      set: {
        daysPastDue: sql`excluded.days_past_due`,
        bucket: sql`excluded.bucket`,
        lateSince: sql`excluded.late_since`,
        asOf: sql`excluded.as_of`,
        owedMinor: sql`excluded.owed_minor`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export async function insertMoves(tx: Tx, moves: readonly DelinquencyMove[], now: Date): Promise<void> {
  if (moves.length === 0) return;
  await tx.insert(delinquencyMoves).values(moves.map((move) => ({ ...move, createdAt: now })));
}

/** The next late orders of a market after `afterId`, by id: the cure pass reads them a page at a time. */
export async function lateOrderIdsAfter(db: Queryable, market: Market, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ orderId: orderDelinquency.orderId })
    .from(orderDelinquency)
    .where(and(eq(orderDelinquency.market, market), isNotNull(orderDelinquency.bucket), gt(orderDelinquency.orderId, afterId)))
    .orderBy(asc(orderDelinquency.orderId))
    .limit(limit);
  return rows.map((row) => row.orderId);
}

/** The market's late orders, held, a page at a time: a change of its buckets moves each. */
export function lockLateRowsAfter(tx: Tx, market: Market, afterId: number, limit: number): Promise<DelinquencyRow[]> {
  return tx
    .select()
    .from(orderDelinquency)
    .where(and(eq(orderDelinquency.market, market), isNotNull(orderDelinquency.bucket), gt(orderDelinquency.orderId, afterId)))
    .orderBy(asc(orderDelinquency.orderId))
    .limit(limit)
    .for('update');
}

/** How many of the market's orders are late now, per bucket. */
export async function lateCountsByBucket(db: Queryable, market: Market): Promise<Record<string, number>> {
  const rows = await db
    .select({ bucket: orderDelinquency.bucket, n: count() })
    .from(orderDelinquency)
    .where(and(eq(orderDelinquency.market, market), isNotNull(orderDelinquency.bucket)))
    .groupBy(orderDelinquency.bucket);
  return Object.fromEntries(rows.map((row) => [row.bucket ?? '', row.n]));
}

/** An order's moves between buckets, oldest first. */
export function movesOf(db: Queryable, orderId: number) {
  return db.select().from(delinquencyMoves).where(eq(delinquencyMoves.orderId, orderId)).orderBy(asc(delinquencyMoves.id));
}
