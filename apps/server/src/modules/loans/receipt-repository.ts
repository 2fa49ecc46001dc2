import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { loanOrders, payments } from '../../db/schema';
import type { PaymentRow } from './payment-repository';

/** A payment with the number of the order it paid: what a receipt shows. */
export type ReceiptRow = PaymentRow & { orderNo: string };

const receiptColumns = { ...getTableColumns(payments), orderNo: loanOrders.orderNo };

/** One page of receipts, newest first, of one order or all. */
export function receiptsPage(db: Queryable, orderId: number | undefined, page: PageRequest<readonly [number]>): Promise<ReceiptRow[]> {
  return db
    .select(receiptColumns)
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .where(and(orderId === undefined ? undefined : eq(payments.orderId, orderId), pastCursor(payments.id, page, 'newest-first')))
    .orderBy(desc(payments.id))
    .limit(page.limit + 1);
}

export async function findReceipt(db: Queryable, id: number): Promise<ReceiptRow | undefined> {
  const [row] = await db.select(receiptColumns).from(payments).innerJoin(loanOrders, eq(loanOrders.id, payments.orderId)).where(eq(payments.id, id)).limit(1);
  return row;
}
