import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { refundEvents, refundRequests, refunds } from '../../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;

/** The order's open request, made now unless one is open already; concurrent askers meet on the partial unique index. */
export async function openRequestOnce(db: Queryable, values: { orderId: number; borrowerId: number; creditMinor: number }): Promise<RefundRequestRow> {
  const [inserted] = await db
    .insert(refundRequests)
    .values(values)
    .onConflictDoNothing({ target: refundRequests.orderId, where: eq(refundRequests.status, 'open') })
    .returning();
  if (inserted) return inserted;
  const open = await findOpenRequest(db, values.orderId);
  if (!open) throw new Error('refund request neither made nor found');
  return open;
}

export async function findOpenRequest(db: Queryable, orderId: number): Promise<RefundRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, 'open')))
    .limit(1);
  return row;
}

export async function closeRequest(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(refundRequests).set({ status: 'refunded', closedAt: now }).where(eq(refundRequests.id, id));
}

export async function findRefundByKey(db: Queryable, idempotencyKey: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

export async function countOrderRefunds(db: Queryable, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(refunds).where(eq(refunds.orderId, orderId));
  return row?.n ?? 0;
}

/** What each payment of the order already gave back (refunds not failed), by payment. */
export async function refundedByPayment(db: Queryable, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ paymentId: refunds.paymentId, total: sql<string>`sum(${refunds.amountMinor})` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')))
    .groupBy(refunds.paymentId);
  return new Map(rows.flatMap((row) => (row.paymentId === null ? [] : [[row.paymentId, Number(row.total)] as const])));
}

/** Who sent refunds alone: a person on the staff by their id, the token by its name. */
export type Sender = { staffId: number | null; name: string };

const sentAloneBy = (sender: Sender) =>
  and(
    sender.staffId === null ? and(isNull(refunds.sentByStaffId), eq(refunds.sentBy, sender.name)) : eq(refunds.sentByStaffId, sender.staffId),
    isNull(refunds.approvalId),
    ne(refunds.status, 'failed'),
  );

/** What `sender` sent alone, not failed: on one order, or on one market day in one currency. */
export async function sentAloneSum(db: Queryable, sender: Sender, where: { orderId: number } | { sentOn: string; currency: string }): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)` })
    .from(refunds)
    .where(and(sentAloneBy(sender), 'orderId' in where ? eq(refunds.orderId, where.orderId) : and(eq(refunds.sentOn, where.sentOn), eq(refunds.currency, where.currency))));
  return Number(row?.total ?? 0);
}

/** Serialises one sender's refunds alone across orders and servers, until the transaction ends. */
export async function lockSender(tx: Tx, sender: Sender): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund-sender:${sender.staffId ?? sender.name}`}))`);
}

export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund not written');
  return row;
}

/** The refund held until the transaction ends: its outcome is recorded once. */
export async function lockRefund(tx: Tx, id: number): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).limit(1).for('update');
  return row;
}

export async function findRefund(db: Queryable, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row;
}

export async function saveRefund(tx: Queryable, id: number, changes: Partial<Pick<RefundRow, 'status' | 'providerRefundId' | 'reversalEntryId'>>, now: Date): Promise<void> {
  await tx
    .update(refunds)
    .set({ ...changes, updatedAt: now })
    .where(eq(refunds.id, id));
}

/** Pending refunds after `afterId` that nobody asked about since `askedBefore`, oldest first: the ones to ask the providers about. */
export function pendingRefundsAfter(db: Queryable, afterId: number, limit: number, askedBefore: Date): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), gt(refunds.id, afterId), lte(refunds.updatedAt, askedBefore)))
    .orderBy(asc(refunds.id))
    .limit(limit);
}

/**
 * The refund, when it is still pending, nobody asked about it since `askedBefore` and no other
 * transaction holds it (SKIP LOCKED): stamped `now`, the time it is asked again, so every other
 * claim passes it by until the stamp is older than `askedBefore` again.
 */
export async function claimRefund(tx: Tx, id: number, askedBefore: Date, now: Date): Promise<RefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending'), lte(refunds.updatedAt, askedBefore)))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!row) return undefined;
  await tx.update(refunds).set({ updatedAt: now }).where(eq(refunds.id, id));
  return { ...row, updatedAt: now };
}

export function refundsPage(db: Queryable, orderId: number | undefined, page: PageRequest<readonly [number]>): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(orderId === undefined ? undefined : eq(refunds.orderId, orderId), pastCursor(refunds.id, page, 'newest-first')))
    .orderBy(desc(refunds.id))
    .limit(page.limit + 1);
}

/** A provider's refunds made within [from, to) that went through: what its settlement should name. */
export function succeededRefundsBetween(db: Queryable, provider: string, from: Date, to: Date): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.status, 'succeeded'), gte(refunds.createdAt, from), lt(refunds.createdAt, to)))
    .orderBy(asc(refunds.id));
}

/** Whether a refund of the borrower's credit is still pending: if it fails, the credit comes back to them. */
export async function hasPendingRefund(db: Queryable, borrowerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.borrowerId, borrowerId), eq(refunds.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** One of `providers`' refunds by the id the provider gave it. */
export async function findRefundByProviderId(db: Queryable, providers: readonly string[], providerRefundId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.provider, [...providers]), eq(refunds.providerRefundId, providerRefundId)))
    .limit(1);
  return row;
}

/** The event kept once: undefined when this event already told of this refund. */
export async function insertRefundEventOnce(db: Queryable, values: typeof refundEvents.$inferInsert): Promise<{ id: number } | undefined> {
  const [row] = await db.insert(refundEvents).values(values).onConflictDoNothing().returning({ id: refundEvents.id });
  return row;
}

/** Whether a refund we never issued was already kept for an operator (an earlier event of the same charge, say). */
export async function unknownRefundSeen(db: Queryable, provider: string, providerRefundId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refundEvents.id })
    .from(refundEvents)
    .where(and(eq(refundEvents.provider, provider), eq(refundEvents.providerRefundId, providerRefundId), isNull(refundEvents.refundId)))
    .limit(1);
  return row !== undefined;
}
