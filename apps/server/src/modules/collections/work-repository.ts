import type { Market } from '@lend/domain';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { collectionContacts, orderDelinquency, promisesToPay } from '../../db/schema';

export type ContactRow = typeof collectionContacts.$inferSelect;
export type PromiseRow = typeof promisesToPay.$inferSelect;
export type QueueFilter = { market: Market; bucket?: string | undefined; agent?: number | 'unassigned' | undefined; sort: 'dpd' | 'owed' | 'promise'; limit: number; offset: number };

function queueWhere(filter: Pick<QueueFilter, 'market' | 'bucket' | 'agent'>): SQL | undefined {
  return and(
    eq(orderDelinquency.market, filter.market),
    isNotNull(orderDelinquency.bucket),
    filter.bucket ? eq(orderDelinquency.bucket, filter.bucket) : undefined,
    filter.agent === 'unassigned' ? isNull(orderDelinquency.agentId) : filter.agent !== undefined ? eq(orderDelinquency.agentId, filter.agent) : undefined,
  );
}

const ORDERINGS = {
  dpd: [desc(orderDelinquency.daysPastDue), asc(orderDelinquency.orderId)],
  owed: [desc(orderDelinquency.owedMinor), asc(orderDelinquency.orderId)],
  promise: [sql`${orderDelinquency.nextPromiseOn} asc nulls last`, desc(orderDelinquency.daysPastDue), asc(orderDelinquency.orderId)],
} as const;

/** A page of the market's late orders, one row more than asked, and how many there are in all. */
export async function queueRows(db: Queryable, filter: QueueFilter) {
  const where = queueWhere(filter);
  const rows = await db
    .select()
    .from(orderDelinquency)
    .where(where)
    .orderBy(...ORDERINGS[filter.sort])
    .limit(filter.limit + 1)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(orderDelinquency).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The next late order nobody works, held and skipped by anyone else taking one at the same time. */
export async function lockNextUnassigned(tx: Tx, market: Market, bucket: string | undefined) {
  const [row] = await tx
    .select()
    .from(orderDelinquency)
    .where(queueWhere({ market, bucket, agent: 'unassigned' }))
    .orderBy(desc(orderDelinquency.daysPastDue), asc(orderDelinquency.orderId))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export function lockUnassigned(tx: Tx, market: Market, bucket: string | undefined) {
  return tx
    .select({ orderId: orderDelinquency.orderId })
    .from(orderDelinquency)
    .where(queueWhere({ market, bucket, agent: 'unassigned' }))
    .orderBy(desc(orderDelinquency.daysPastDue), asc(orderDelinquency.orderId))
    .for('update', { skipLocked: true });
}

export async function setAgent(tx: Tx, orderIds: readonly number[], agentId: number | null, now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orderDelinquency)
    .set({ agentId, assignedAt: agentId === null ? null : now })
    .where(sql`${orderDelinquency.orderId} in ${[...orderIds]}`);
}

export async function lockRowOf(tx: Tx, orderId: number) {
  const [row] = await tx.select().from(orderDelinquency).where(eq(orderDelinquency.orderId, orderId)).for('update');
  return row;
}

export async function rowOf(db: Queryable, orderId: number) {
  const [row] = await db.select().from(orderDelinquency).where(eq(orderDelinquency.orderId, orderId));
  return row;
}

export async function insertContact(tx: Tx, values: Omit<typeof collectionContacts.$inferInsert, 'id'>): Promise<ContactRow> {
  const [row] = await tx.insert(collectionContacts).values(values).returning();
  if (!row) throw new Error('contact not written');
  return row;
}

/** The moments the borrower was contacted since `since`: by agents, and by a promise's reminder claimed or sent (docs/decisions/246). */
export async function contactsSince(db: Queryable, borrowerId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: collectionContacts.at })
    .from(collectionContacts)
    .where(and(eq(collectionContacts.borrowerId, borrowerId), gte(collectionContacts.at, since)));
  const reminded = await db
    .select({ at: promisesToPay.remindedAt })
    .from(promisesToPay)
    .where(and(eq(promisesToPay.borrowerId, borrowerId), gte(promisesToPay.remindedAt, since), inArray(promisesToPay.reminderState, ['sending', 'sent'])));
  return [...rows.map((row) => row.at), ...reminded.flatMap((row) => (row.at ? [row.at] : []))];
}

export function contactsOf(db: Queryable, orderId: number): Promise<ContactRow[]> {
  return db.select().from(collectionContacts).where(eq(collectionContacts.orderId, orderId)).orderBy(desc(collectionContacts.id));
}

export async function insertPromise(tx: Tx, values: Omit<PromiseRow, 'id' | 'createdAt' | 'resolvedAt' | 'state' | 'keptMinor' | 'reminderState' | 'remindedAt' | 'reminderAttempts'> & { createdAt: Date }): Promise<PromiseRow> {
  const [row] = await tx.insert(promisesToPay).values(values).returning();
  if (!row) throw new Error('promise not written');
  return row;
}

export function promisesOf(db: Queryable, orderId: number): Promise<PromiseRow[]> {
  return db.select().from(promisesToPay).where(eq(promisesToPay.orderId, orderId)).orderBy(desc(promisesToPay.id));
}

/** The order's open promises, oldest first, held: money that arrives keeps them in the order they were made. */
export function lockOpenPromisesOf(tx: Tx, orderId: number): Promise<PromiseRow[]> {
  return tx
    .select()
    .from(promisesToPay)
    .where(and(eq(promisesToPay.orderId, orderId), eq(promisesToPay.state, 'open')))
    .orderBy(asc(promisesToPay.id))
    .for('update');
}

/** Orders of the market with an open promise whose day has passed (on or before `lastDay`). */
export async function ordersWithPromisesDue(db: Queryable, market: Market, lastDay: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: promisesToPay.orderId })
    .from(promisesToPay)
    .where(and(eq(promisesToPay.market, market), eq(promisesToPay.state, 'open'), lte(promisesToPay.promisedOn, lastDay)));
  return rows.map((row) => row.orderId);
}

export async function resolvePromise(tx: Tx, id: number, state: PromiseRow['state'], keptMinor: number, now: Date): Promise<void> {
  await tx.update(promisesToPay).set({ state, keptMinor, resolvedAt: state === 'open' ? null : now }).where(eq(promisesToPay.id, id));
}

/** Keeps the queue's "next promise" of the order in step with its open promises. */
export async function refreshNextPromise(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(orderDelinquency)
    .set({
      nextPromiseOn: sql`(select min(${promisesToPay.promisedOn}) from ${promisesToPay} where ${promisesToPay.orderId} = ${orderId} and ${promisesToPay.state} = 'open')`,
    })
    .where(eq(orderDelinquency.orderId, orderId));
}

/** The borrower's contacts and promises, oldest first: their data download (docs/decisions/243). */
export function contactsOfBorrower(db: Queryable, borrowerId: number): Promise<ContactRow[]> {
  return db.select().from(collectionContacts).where(eq(collectionContacts.borrowerId, borrowerId)).orderBy(asc(collectionContacts.id));
}

export function promisesOfBorrower(db: Queryable, borrowerId: number): Promise<PromiseRow[]> {
  return db.select().from(promisesToPay).where(eq(promisesToPay.borrowerId, borrowerId)).orderBy(asc(promisesToPay.id));
}

/** What agents wrote about the borrower goes with the account; the contacts stay as records of the lender's conduct. */
export async function eraseContactNotesOf(tx: Tx, borrowerId: number): Promise<void> {
  await tx.update(collectionContacts).set({ note: '' }).where(eq(collectionContacts.borrowerId, borrowerId));
}
