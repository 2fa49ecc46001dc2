import type { PaymentExceptionState } from '@lend/contracts';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { paymentExceptions } from '../../db/schema';

export type PaymentExceptionRow = typeof paymentExceptions.$inferSelect;
export type NewPaymentException = Omit<typeof paymentExceptions.$inferInsert, 'id'>;
export type PaymentExceptionResolution = Pick<PaymentExceptionRow, 'resolvedAt' | 'resolvedBy' | 'resolution' | 'resolutionNote'>;

export async function insertPaymentException(db: Queryable, values: NewPaymentException): Promise<void> {
  await db.insert(paymentExceptions).values(values);
}

const STATE_CONDITION = {
  open: isNull(paymentExceptions.resolvedAt),
  resolved: isNotNull(paymentExceptions.resolvedAt),
  all: undefined,
} as const satisfies Record<PaymentExceptionState, unknown>;

/** One page of exceptions in a state, newest first, read with one row more than asked. */
export function paymentExceptionsPage(db: Queryable, state: PaymentExceptionState, page: PageRequest<readonly [number]>): Promise<PaymentExceptionRow[]> {
  return db
    .select()
    .from(paymentExceptions)
    .where(and(STATE_CONDITION[state], pastCursor(paymentExceptions.id, page, 'newest-first')))
    .orderBy(desc(paymentExceptions.id))
    .limit(page.limit + 1);
}

/** The exception, locked until the caller's transaction ends. */
export async function lockPaymentException(tx: Queryable, id: number): Promise<PaymentExceptionRow | undefined> {
  const [row] = await tx.select().from(paymentExceptions).where(eq(paymentExceptions.id, id)).limit(1).for('update');
  return row;
}

export async function saveResolution(tx: Queryable, id: number, resolution: PaymentExceptionResolution): Promise<PaymentExceptionRow> {
  const [row] = await tx.update(paymentExceptions).set(resolution).where(eq(paymentExceptions.id, id)).returning();
  if (!row) throw new Error(`payment exception ${id} vanished under its lock`);
  return row;
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
