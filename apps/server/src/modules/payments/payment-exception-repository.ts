import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { paymentExceptions } from '../../db/schema';

export type PaymentExceptionRow = typeof paymentExceptions.$inferSelect;
export type NewPaymentException = Omit<typeof paymentExceptions.$inferInsert, 'id'>;

export async function insertPaymentException(db: Queryable, values: NewPaymentException): Promise<void> {
  await db.insert(paymentExceptions).values(values);
}

/** One page of exceptions, newest first, read with one row more than asked. */
export function paymentExceptionsPage(db: Queryable, page: PageRequest<readonly [number]>): Promise<PaymentExceptionRow[]> {
  return db
    .select()
    .from(paymentExceptions)
    .where(pastCursor(paymentExceptions.id, page, 'newest-first'))
    .orderBy(desc(paymentExceptions.id))
    .limit(page.limit + 1);
}

/** Whether a delivery of this provider's event was already kept for this reason. */
export async function hasPaymentException(db: Queryable, provider: string, eventId: string, reason: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentExceptions.id })
    .from(paymentExceptions)
    .where(and(eq(paymentExceptions.provider, provider), eq(paymentExceptions.eventId, eventId), eq(paymentExceptions.reason, reason)))
    .limit(1);
  return row !== undefined;
}
