import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
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

export async function findPayment(db: Queryable, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
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

/** One page of payments, newest first, of one order or all. */
export function listPayments(db: Queryable, orderId: number | undefined, page: PageRequest<readonly [number]>): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(orderId === undefined ? undefined : eq(payments.orderId, orderId), pastCursor(payments.id, page, 'newest-first')))
    .orderBy(desc(payments.id))
    .limit(page.limit + 1);
}
