import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { cardRepayments } from '../../db/schema';
import type { CardRepaymentStatusValue } from '@lend/contracts';

export type CardRepaymentRow = typeof cardRepayments.$inferSelect;
export type NewCardRepayment = Omit<typeof cardRepayments.$inferInsert, 'id' | 'idempotencyKey' | 'updatedAt'>;

/**
 * Creates the record with its idempotency key `card-repayment-<id>`: the key names the record,
 * whose id the database draws, so it is written in the same transaction right after.
 */
export async function insertRepayment(tx: Tx, values: NewCardRepayment): Promise<CardRepaymentRow> {
  const [inserted] = await tx
    .insert(cardRepayments)
    .values({ ...values, idempotencyKey: `pending-${values.recordNo}` })
    .returning({ id: cardRepayments.id });
  if (!inserted) throw new Error('card repayment was not saved');
  const [row] = await tx
    .update(cardRepayments)
    .set({ idempotencyKey: `card-repayment-${inserted.id}` })
    .where(eq(cardRepayments.id, inserted.id))
    .returning();
  if (!row) throw new Error('card repayment vanished');
  return row;
}

export async function findRepaymentByToken(db: Queryable, tokenId: number): Promise<CardRepaymentRow | undefined> {
  const [row] = await db.select().from(cardRepayments).where(eq(cardRepayments.tokenId, tokenId)).limit(1);
  return row;
}

export async function findRepaymentByRecordNo(db: Queryable, recordNo: string): Promise<CardRepaymentRow | undefined> {
  const [row] = await db.select().from(cardRepayments).where(eq(cardRepayments.recordNo, recordNo)).limit(1);
  return row;
}

/** What the order's records still charging may take: sent to the provider, not yet settled. */
export async function amountCharging(db: Queryable, orderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${cardRepayments.amountMinor}), 0)` })
    .from(cardRepayments)
    .where(and(eq(cardRepayments.orderId, orderId), eq(cardRepayments.status, 'charging')));
  return Number(row?.total ?? 0);
}

/** The record held until the transaction ends: a confirm, a charge's outcome and the reconciler take turns. */
export async function lockRepayment(tx: Tx, id: number): Promise<CardRepaymentRow | undefined> {
  const [row] = await tx.select().from(cardRepayments).where(eq(cardRepayments.id, id)).limit(1).for('update');
  return row;
}

export async function lockRepaymentByRecordNo(tx: Tx, recordNo: string): Promise<CardRepaymentRow | undefined> {
  const [row] = await tx.select().from(cardRepayments).where(eq(cardRepayments.recordNo, recordNo)).limit(1).for('update');
  return row;
}

export type RepaymentChange = {
  status: CardRepaymentStatusValue;
  chargeStartedAt?: Date;
  providerChargeId?: string;
  paymentId?: number;
};

export async function saveRepayment(db: Queryable, id: number, change: RepaymentChange, now: Date): Promise<CardRepaymentRow> {
  const [row] = await db
    .update(cardRepayments)
    .set({ ...change, updatedAt: now })
    .where(eq(cardRepayments.id, id))
    .returning();
  if (!row) throw new Error(`card repayment ${id} vanished`);
  return row;
}

/** Records still charging whose charge started before `startedBefore`, oldest first, after `afterId`. */
export function chargingSince(db: Queryable, startedBefore: Date, afterId: number, limit: number): Promise<CardRepaymentRow[]> {
  return db
    .select()
    .from(cardRepayments)
    .where(and(eq(cardRepayments.status, 'charging'), lt(cardRepayments.chargeStartedAt, startedBefore), gt(cardRepayments.id, afterId)))
    .orderBy(asc(cardRepayments.id))
    .limit(limit);
}

/** Records still charging, oldest first, past the page's cursor. */
export function chargingPage(db: Queryable, page: PageRequest<readonly [number]>): Promise<CardRepaymentRow[]> {
  return db
    .select()
    .from(cardRepayments)
    .where(and(eq(cardRepayments.status, 'charging'), pastCursor(cardRepayments.id, page, 'oldest-first')))
    .orderBy(asc(cardRepayments.id))
    .limit(page.limit + 1);
}

/** The saved card each of these payments was charged to, by payment id; a payment made on a provider's page has none. */
export function cardsOfPaymentIds(db: Queryable, paymentIds: readonly number[]): Promise<{ paymentId: number | null; cardId: number | null }[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ paymentId: cardRepayments.paymentId, cardId: cardRepayments.cardId })
    .from(cardRepayments)
    .where(and(inArray(cardRepayments.paymentId, [...paymentIds]), isNotNull(cardRepayments.cardId)));
}
