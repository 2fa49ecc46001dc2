import { ConfigErrorCode, type MarketBands } from '@lend/contracts';
import { bandsProblem, bucketOf, DEFAULT_DELINQUENCY_BANDS, MARKETS, type DelinquencyBand, type IsoDate, type Market } from '@lend/domain';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../staff';
import {
  delinquencyOf,
  insertMoves,
  lateCountsByBucket,
  lateOrderIdsAfter,
  lockDelinquencyOf,
  lockLateRowsAfter,
  lockStoredBands,
  saveBands,
  storedBands,
  upsertDelinquency,
  type DelinquencyMove,
  type DelinquencyRow,
  type DelinquencyWrite,
} from './delinquency-repository';
import { writeOffDays } from './write-off-repository';

/** The market's buckets: an administrator's, else the defaults (docs/decisions/242). */
export async function bandsOfMarket(db: Queryable, market: Market): Promise<readonly DelinquencyBand[]> {
  return (await storedBands(db, market)) ?? DEFAULT_DELINQUENCY_BANDS[market];
}

/** How late one order of the clock's batch is today, worked out from its installments by the clock. */
export type Lateness = { orderId: number; daysPastDue: number; lateSince: IsoDate | null; owedMinor: number };

/**
 * Records how late these orders of one market are today, in the clock's transaction: every row in
 * one statement, and a move for each order whose bucket changed (docs/decisions/242). An order
 * whose days put it in no bucket (not late) keeps a row, cured.
 */
export async function recordLateness(tx: Tx, market: Market, today: IsoDate, lateness: readonly Lateness[], now: Date): Promise<void> {
  if (lateness.length === 0) return;
  const bands = await bandsOfMarket(tx, market);
  const before = new Map((await lockDelinquencyOf(tx, lateness.map((entry) => entry.orderId))).map((row) => [row.orderId, row]));
  const rows: DelinquencyWrite[] = [];
  const moves: DelinquencyMove[] = [];
  for (const entry of lateness) {
    const bucket = bucketOf(entry.daysPastDue, bands);
    const was = before.get(entry.orderId);
    // An order never late that is not late now needs no row.
    if (!was && bucket === null) continue;
    rows.push({ orderId: entry.orderId, market, daysPastDue: entry.daysPastDue, bucket, lateSince: bucket === null ? null : entry.lateSince, asOf: today, owedMinor: entry.owedMinor });
    const from = was?.bucket ?? null;
    if (from !== bucket) moves.push({ orderId: entry.orderId, market, fromBucket: from, toBucket: bucket, daysPastDue: entry.daysPastDue, reason: bucket === null ? 'cured' : 'late', movedOn: today });
  }
  await upsertDelinquency(tx, rows, now);
  await insertMoves(tx, moves, now);
}

/** Orders per page of the cure pass. */
export const CURE_PAGE = 500;

/**
 * Cures the market's late orders that are late no more (repaid, extended, closed), a page at a time
 * (docs/decisions/242): `stillLate` says which of a page's orders are still overdue (the orders
 * module knows); the others get 0 days and no bucket, with their move, in one transaction a page.
 */
export async function cureSettledLateness(db: Db, market: Market, today: IsoDate, stillLate: (db: Queryable, orderIds: readonly number[]) => Promise<ReadonlySet<number>>, now: Date): Promise<number> {
  let cured = 0;
  let afterId = 0;
  for (;;) {
    const ids = await lateOrderIdsAfter(db, market, afterId, CURE_PAGE);
    if (ids.length === 0) return cured;
    afterId = ids.at(-1) ?? afterId;
    const late = await stillLate(db, ids);
    const candidates = ids.filter((id) => !late.has(id));
    if (candidates.length > 0) {
      cured += await db.transaction(async (tx) => {
        // Read again under the lock: the clock may have worked the order since.
        const rows = (await lockDelinquencyOf(tx, candidates)).filter((row) => row.bucket !== null);
        const confirmed = await stillLate(tx, rows.map((row) => row.orderId));
        const curing = rows.filter((row) => !confirmed.has(row.orderId));
        await upsertDelinquency(tx, curing.map((row) => ({ orderId: row.orderId, market, daysPastDue: 0, bucket: null, lateSince: null, asOf: today, owedMinor: row.owedMinor })), now);
        await insertMoves(tx, curing.map((row) => ({ orderId: row.orderId, market, fromBucket: row.bucket, toBucket: null, daysPastDue: 0, reason: 'cured' as const, movedOn: today })), now);
        return curing.length;
      });
    }
    if (ids.length < CURE_PAGE) return cured;
  }
}

/** Each market's buckets, and how many of its orders are late in each now. */
export async function marketBandsList(db: Queryable): Promise<MarketBands[]> {
  return Promise.all(
    MARKETS.map(async (market) => {
      const stored = await storedBands(db, market);
      return { market, bands: [...(stored ?? DEFAULT_DELINQUENCY_BANDS[market])], custom: stored !== undefined, lateOrders: await lateCountsByBucket(db, market) };
    }),
  );
}

const BANDS_PAGE = 1_000;

/**
 * An administrator's new buckets for a market (docs/decisions/242): refused unless they cover every
 * day past due once; saved with an audit entry of before and after, and every late order of the
 * market moved to its new bucket (its move recorded as `bands`) in the same transaction.
 */
export async function changeBands(db: Db, market: Market, bands: readonly DelinquencyBand[], actor: Actor, today: IsoDate, now = new Date()): Promise<MarketBands> {
  const problem = bandsProblem(bands);
  if (problem !== null) throw new AppError(ConfigErrorCode.DelinquencyBandsInvalid, problem);
  await db.transaction(async (tx) => {
    const before = (await lockStoredBands(tx, market)) ?? DEFAULT_DELINQUENCY_BANDS[market];
    await saveBands(tx, market, bands, now);
    let afterId = 0;
    for (;;) {
      const rows: DelinquencyRow[] = await lockLateRowsAfter(tx, market, afterId, BANDS_PAGE);
      const moved = rows.map((row) => ({ row, bucket: bucketOf(row.daysPastDue, bands) })).filter(({ row, bucket }) => bucket !== row.bucket);
      await upsertDelinquency(tx, moved.map(({ row, bucket }) => ({ orderId: row.orderId, market, daysPastDue: row.daysPastDue, bucket, lateSince: row.lateSince, asOf: row.asOf, owedMinor: row.owedMinor })), now);
      await insertMoves(tx, moved.map(({ row, bucket }) => ({ orderId: row.orderId, market, fromBucket: row.bucket, toBucket: bucket, daysPastDue: row.daysPastDue, reason: 'bands' as const, movedOn: today })), now);
      if (rows.length < BANDS_PAGE) break;
      afterId = rows.at(-1)?.orderId ?? afterId;
    }
    await recordAudit(tx, actor, { action: 'delinquency.bands.change', objectType: 'delinquency-bands', objectId: market, before: { bands: before }, after: { bands } }, now);
  });
  const list = await marketBandsList(db);
  const changed = list.find((item) => item.market === market);
  if (!changed) throw new Error(`no bands for ${market}`);
  return changed;
}

/** How late each of these orders is, as the clock last worked it out, and the day it was written off (none for an order never late). */
export async function latenessOf(db: Queryable, orderIds: readonly number[]): Promise<Map<number, DelinquencyRow & { writtenOffOn: string | null }>> {
  const [rows, writtenOff] = await Promise.all([delinquencyOf(db, orderIds), writeOffDays(db, orderIds)]);
  return new Map(rows.map((row) => [row.orderId, { ...row, writtenOffOn: writtenOff.get(row.orderId) ?? null }]));
}
