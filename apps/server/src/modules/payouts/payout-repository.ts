import type { PayoutStatus } from '@lend/contracts';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { payoutEvents, payouts } from '../../db/schema';

export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
export type PayoutChanges = Partial<Omit<NewPayout, 'id' | 'orderId' | 'idempotencyKey'>>;

/** Statuses in which the provider has, or may have, the transfer. */
export const IN_FLIGHT: readonly PayoutStatus[] = ['validating', 'sending', 'processing'];
/** Statuses that count against a market's day: sent or paid. */
const COUNTED: readonly PayoutStatus[] = ['validating', 'sending', 'processing', 'paid'];

/**
 * Which of these orders have a payout returned after the borrower paid something that no operator
 * has restated yet (docs/decisions/224): the order clock leaves them alone.
 */
export async function ordersWithParkedReversal(db: Queryable, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: payouts.orderId })
    .from(payouts)
    .where(and(inArray(payouts.orderId, [...orderIds]), eq(payouts.status, 'reversed'), isNotNull(payouts.reversalParkedAt)));
  return new Set(rows.map((row) => row.orderId));
}

/** Adds a payout unless the order already has a live one (the partial unique index decides); undefined then. */
export async function insertPayout(tx: Tx, values: NewPayout): Promise<PayoutRow | undefined> {
  const [row] = await tx.insert(payouts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function payoutsOfOrder(db: Queryable, orderId: number): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(desc(payouts.id));
}

/** What the borrower is told of an order's newest payout; built and prepared once per handle (085). */
const newestPayoutStanding = preparedOnce((db: Queryable) =>
  db
    .select({ status: payouts.status, reason: payouts.reason, accountLast4: payouts.accountLast4, transferRef: payouts.transferRef })
    .from(payouts)
    .where(eq(payouts.orderId, sql.placeholder('orderId')))
    .orderBy(desc(payouts.id))
    .limit(1)
    .prepare('newest_payout_standing'),
);

/** The order's newest payout's status, reason, account and transfer reference; undefined when it has none. */
export async function findNewestPayoutStanding(db: Queryable, orderId: number): Promise<Pick<PayoutRow, 'status' | 'reason' | 'accountLast4' | 'transferRef'> | undefined> {
  const [row] = await newestPayoutStanding(db).execute({ orderId });
  return row;
}

export async function payoutById(db: Queryable, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  return row;
}

export async function lockPayout(tx: Tx, id: number): Promise<PayoutRow | undefined> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).limit(1).for('update');
  return row;
}

export async function payoutByKey(db: Queryable, idempotencyKey: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

export async function payoutByProviderId(db: Queryable, provider: string, providerPayoutId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(and(eq(payouts.provider, provider), eq(payouts.providerPayoutId, providerPayoutId))).limit(1);
  return row;
}

/** Changes a payout only if it is still in one of `from`: two passes never move it twice. */
export async function movePayout(db: Queryable, id: number, from: readonly PayoutStatus[], changes: PayoutChanges, now: Date): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(payouts)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(payouts.id, id), inArray(payouts.status, [...from])))
    .returning();
  return row;
}

/** The next queued payout after `afterId`, held until the transaction ends and skipped by any other sender meanwhile. */
export async function claimQueued(tx: Tx, afterId: number, orderId?: number): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'queued'), gt(payouts.id, afterId), orderId === undefined ? undefined : eq(payouts.orderId, orderId)))
    .orderBy(asc(payouts.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** What a market has sent or paid on one of its days. */
export async function dayTotal(db: Queryable, market: string, day: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amountMinor}), 0)` })
    .from(payouts)
    .where(and(eq(payouts.market, market), eq(payouts.sentOn, day), inArray(payouts.status, [...COUNTED])));
  return Number(row?.total ?? 0);
}

/** Serialises the ceiling's sum per market across senders, until the transaction ends. */
export async function lockMarketDay(tx: Tx, market: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-ceiling:${market}`}))`);
}

export function inFlightSince(db: Queryable, before: Date, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(inArray(payouts.status, [...IN_FLIGHT]), lt(payouts.sendingAt, before)))
    .orderBy(asc(payouts.id))
    .limit(limit);
}

/** A provider's payouts in flight whose provider id we never heard: a send that timed out, or one whose answer is still on its way. */
export function inFlightWithoutProviderId(db: Queryable, provider: string, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider, provider), inArray(payouts.status, [...IN_FLIGHT]), isNull(payouts.providerPayoutId)))
    .orderBy(asc(payouts.id))
    .limit(limit);
}

export function payoutsInStatuses(db: Queryable, statuses: readonly PayoutStatus[], limit: number): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(inArray(payouts.status, [...statuses])).orderBy(asc(payouts.id)).limit(limit);
}

export function payoutsWaitingFor(db: Queryable, reason: string, limit: number): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(and(eq(payouts.status, 'queued'), eq(payouts.reason, reason))).orderBy(asc(payouts.id)).limit(limit);
}

/** The borrower's payouts, newest first: their account's lock and a new account's payout read them. */
export function payoutsOfBorrower(db: Queryable, borrowerId: number): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.borrowerId, borrowerId)).orderBy(desc(payouts.id));
}

/** Whether an account was paid to before: only its first payout is checked with the bank. */
export async function accountPaidBefore(db: Queryable, payoutAccountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.payoutAccountId, payoutAccountId), inArray(payouts.status, ['paid', 'reversed', 'processing'])))
    .limit(1);
  return row !== undefined;
}

/** Payouts paid or reversed after `afterId`, for the ledger check. */
export function settledPayoutsAfter(db: Queryable, afterId: number, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(gt(payouts.id, afterId), isNotNull(payouts.paidAt)))
    .orderBy(asc(payouts.id))
    .limit(limit);
}

/** A provider's payouts paid in [from, to) by its own clock, for settlement. */
export function paidOnDay(db: Queryable, provider: string, from: Date, to: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider, provider), inArray(payouts.status, ['paid', 'reversed']), gte(payouts.paidAt, from), lt(payouts.paidAt, to)));
}

/** Keeps a notification once per provider and event id; false when it was kept before (a replay). */
export async function keepEvent(tx: Tx, event: { provider: string; eventId: string; payoutId: number | null; outcome: string; notification: unknown }): Promise<boolean> {
  const rows = await tx.insert(payoutEvents).values(event).onConflictDoNothing().returning({ id: payoutEvents.id });
  return rows.length === 1;
}

export function unmatchedEvents(db: Queryable, limit: number) {
  return db.select().from(payoutEvents).where(eq(payoutEvents.outcome, 'unknown-payout')).orderBy(desc(payoutEvents.id)).limit(limit);
}
