import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { payments } from '../../db/schema';
import type { PaymentRow } from './payment-repository';

/** One page of payments, newest first, of one order or all: the operator's receipts. */
export function receiptsPage(db: Queryable, orderId: number | undefined, page: PageRequest<readonly [number]>): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(orderId === undefined ? undefined : eq(payments.orderId, orderId), pastCursor(payments.id, page, 'newest-first')))
    .orderBy(desc(payments.id))
    .limit(page.limit + 1);
}

export async function findReceipt(db: Queryable, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}
