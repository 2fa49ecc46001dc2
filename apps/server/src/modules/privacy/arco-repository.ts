import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { arcoRequests } from '../../db/schema';

export type ArcoRow = typeof arcoRequests.$inferSelect;
export type NewArco = Pick<typeof arcoRequests.$inferInsert, 'borrowerId' | 'kind' | 'description' | 'receivedAt' | 'answerDue'>;

export async function insertArcoRequest(db: Queryable, values: NewArco): Promise<ArcoRow> {
  const [row] = await db.insert(arcoRequests).values(values).returning();
  if (!row) throw new Error('the ARCO request was not stored');
  return row;
}

export async function countOpenOf(db: Queryable, borrowerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(arcoRequests)
    .where(and(eq(arcoRequests.borrowerId, borrowerId), eq(arcoRequests.status, 'open')));
  return row?.n ?? 0;
}

/** The borrower's requests, newest first. */
export function arcoRequestsOf(db: Queryable, borrowerId: number): Promise<ArcoRow[]> {
  return db.select().from(arcoRequests).where(eq(arcoRequests.borrowerId, borrowerId)).orderBy(desc(arcoRequests.id));
}

/** One page of requests for the operators, nearest answer date first: `limit + 1` rows past the cursor's (answer date, id). */
export function arcoRequestsForOperator(db: Queryable, filter: { status?: string | undefined; id?: number | undefined }, page: PageRequest<readonly [string, number]>): Promise<ArcoRow[]> {
  const after = page.after ? sql`(${arcoRequests.answerDue}, ${arcoRequests.id}) > (${page.after[0]}::date, ${page.after[1]})` : undefined;
  return db
    .select()
    .from(arcoRequests)
    .where(and(filter.status ? eq(arcoRequests.status, filter.status) : undefined, filter.id === undefined ? undefined : eq(arcoRequests.id, filter.id), after))
    .orderBy(asc(arcoRequests.answerDue), asc(arcoRequests.id))
    .limit(page.limit + 1);
}

/** By its folio, read through the id it is made of: the folio column has no index of its own. */
export async function findArcoByFolio(db: Queryable, folio: string): Promise<ArcoRow | undefined> {
  const [row] = await db.select().from(arcoRequests).where(eq(arcoRequests.id, Number(folio.slice(2)))).limit(1);
  return row;
}

/** Answers an open request; undefined when it was answered already (concurrent answers record one). */
export async function saveArcoAnswer(db: Queryable, folio: string, text: string, now: Date): Promise<ArcoRow | undefined> {
  const [row] = await db
    .update(arcoRequests)
    .set({ status: 'answered', answerText: text, answeredAt: now })
    .where(and(eq(arcoRequests.folio, folio), eq(arcoRequests.status, 'open')))
    .returning();
  return row;
}

/** Keeps each request's kind, dates and status as the record of compliance; drops what the borrower wrote. */
export async function eraseArcoDescriptions(db: Queryable, borrowerId: number): Promise<void> {
  await db.update(arcoRequests).set({ description: '' }).where(eq(arcoRequests.borrowerId, borrowerId));
}
