import { and, desc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { paymentExceptions, payments } from '../../db/schema';

/** Where a page of deliveries starts: the last row's instant in milliseconds and its key. */
export type DeliveryCursor = readonly [number, number];

/** An instant as whole milliseconds, so a cursor read back in JavaScript compares exactly. */
const millis = (column: AnyPgColumn) => sql<number>`floor(extract(epoch from ${column}) * 1000)::bigint`.mapWith(Number);
/** Each store's ids, made one sequence: payments even, exceptions odd. */
const sortKey = (id: AnyPgColumn, odd: 0 | 1) => sql<number>`(${id} * 2 + ${odd})`.mapWith(Number);

function after(at: AnyPgColumn, id: AnyPgColumn, odd: 0 | 1, cursor: DeliveryCursor | undefined): SQL | undefined {
  return cursor === undefined ? undefined : sql`(${millis(at)}, ${sortKey(id, odd)}) < (${cursor[0]}, ${cursor[1]})`;
}

/** Payments a provider delivered (not transfers recorded by hand), newest first, past the cursor. */
export function deliveredPaymentsPage(db: Queryable, filter: { provider?: string | undefined }, cursor: DeliveryCursor | undefined, limit: number) {
  return db
    .select({ id: payments.id, provider: payments.provider, eventId: payments.providerEventId, orderId: payments.orderId, amountMinor: payments.amountMinor, at: payments.appliedAt, atMs: millis(payments.appliedAt), key: sortKey(payments.id, 0) })
    .from(payments)
    .where(and(ne(payments.provider, 'manual'), filter.provider === undefined ? undefined : eq(payments.provider, filter.provider), after(payments.appliedAt, payments.id, 0, cursor)))
    .orderBy(desc(millis(payments.appliedAt)), desc(payments.id))
    .limit(limit);
}

/** Deliveries kept for an operator, of the given reasons (or all but `exceptReasons`), newest first, past the cursor. */
export function keptDeliveriesPage(
  db: Queryable,
  filter: { provider?: string | undefined; reasons?: readonly string[]; exceptReasons?: readonly string[] },
  cursor: DeliveryCursor | undefined,
  limit: number,
) {
  return db
    .select({ id: paymentExceptions.id, provider: paymentExceptions.provider, eventId: paymentExceptions.eventId, reason: paymentExceptions.reason, paymentId: paymentExceptions.paymentId, at: paymentExceptions.receivedAt, atMs: millis(paymentExceptions.receivedAt), key: sortKey(paymentExceptions.id, 1) })
    .from(paymentExceptions)
    .where(
      and(
        filter.provider === undefined ? undefined : eq(paymentExceptions.provider, filter.provider),
        filter.reasons === undefined ? undefined : inArray(paymentExceptions.reason, [...filter.reasons]),
        filter.exceptReasons === undefined ? undefined : notInArray(paymentExceptions.reason, [...filter.exceptReasons]),
        after(paymentExceptions.receivedAt, paymentExceptions.id, 1, cursor),
      ),
    )
    .orderBy(desc(millis(paymentExceptions.receivedAt)), desc(paymentExceptions.id))
    .limit(limit);
}
