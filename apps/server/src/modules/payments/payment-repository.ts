import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { payments } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export async function findPaymentByEvent(db: Queryable, provider: string, providerEventId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerEventId, providerEventId)))
    .limit(1);
  return row;
}

export async function insertPayment(tx: Tx, values: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  if (!row) throw new Error('payment not written');
  return row;
}

/** How many payments the order has: the next receipt's number follows it. */
export async function countOrderPayments(db: Queryable, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId));
  return row?.n ?? 0;
}

/** An order's payments, newest first. */
export function listOrderPayments(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id));
}

/** Receipts without the operator's name and note, oldest first: those are the lender's, not the borrower's (their data download). */
export function borrowerReceiptsOf(db: Queryable, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: payments.orderId,
      receiptNo: payments.receiptNo,
      purpose: payments.purpose,
      channelCode: payments.channelCode,
      amountMinor: payments.amountMinor,
      paidAt: payments.paidAt,
      appliedAt: payments.appliedAt,
      allocation: payments.allocation,
      rebateMinor: payments.rebateMinor,
      extensionFeeMinor: payments.extensionFeeMinor,
      creditMinor: payments.creditMinor,
      balanceAfterMinor: payments.balanceAfterMinor,
    })
    .from(payments)
    .where(inArray(payments.orderId, [...orderIds]))
    .orderBy(asc(payments.id));
}

/** Which of these references have a payment applied against them. */
export async function referencesWithPayments(db: Queryable, referenceIds: readonly number[]): Promise<Set<number>> {
  if (referenceIds.length === 0) return new Set();
  const rows = await db.selectDistinct({ referenceId: payments.referenceId }).from(payments).where(inArray(payments.referenceId, [...referenceIds]));
  return new Set(rows.flatMap((row) => (row.referenceId === null ? [] : [row.referenceId])));
}

/** A payment as a message to the borrower about it tells it: its receipt, amount and what was left to pay. */
export type AppliedPaymentFact = { id: number; orderId: number; receiptNo: string; amountMinor: number; balanceAfterMinor: number };

/** Payments applied at or after `since`, a page by id (the borrower reminders). */
export function paymentsAppliedSince(db: Queryable, since: Date, page: { afterId: number; limit: number }): Promise<AppliedPaymentFact[]> {
  return db
    .select({ id: payments.id, orderId: payments.orderId, receiptNo: payments.receiptNo, amountMinor: payments.amountMinor, balanceAfterMinor: payments.balanceAfterMinor })
    .from(payments)
    .where(and(gte(payments.appliedAt, since), gt(payments.id, page.afterId)))
    .orderBy(asc(payments.id))
    .limit(page.limit);
}

/** What was applied to the order since a moment (minor units): money that keeps promises to pay (docs/decisions/243). */
export async function paidIntoOrderSince(db: Queryable, orderId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amountMinor}), 0)` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), gte(payments.appliedAt, since)));
  return Number(row?.total ?? 0);
}

/** The payments of the orders with ids in (afterId, throughId], as the ledger check asks for them. */
export function paymentsOfOrderRange(db: Queryable, afterId: number, throughId: number): Promise<{ id: number; receiptNo: string }[]> {
  return db
    .select({ id: payments.id, receiptNo: payments.receiptNo })
    .from(payments)
    .where(and(gt(payments.orderId, afterId), lte(payments.orderId, throughId)));
}
