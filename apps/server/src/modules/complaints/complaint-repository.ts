import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ComplaintStatusValue, OperatorComplaintSort } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { complaints, complaintTypes } from '../../db/schema';

export type NewComplaint = {
  borrowerId: number;
  orderId: number;
  problemType: number;
  problemSonType: number | null;
  detail: string;
  dueAt: Date;
  createdAt: Date;
};

export async function insertComplaint(db: Queryable, values: NewComplaint): Promise<{ id: number; folio: string }> {
  const [row] = await db
    .insert(complaints)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: complaints.id, folio: complaints.folio });
  if (!row) throw new Error('complaint was not inserted');
  return row;
}

const sonTypes = alias(complaintTypes, 'son_types');

/** A complaint with its types' titles; its borrower and its order are other modules' to name. */
export type ComplaintRow = {
  id: number;
  folio: string;
  borrowerId: number;
  orderId: number;
  problemType: number;
  typeTitleEn: string;
  typeTitleEs: string;
  problemSonType: number | null;
  sonTitleEn: string | null;
  sonTitleEs: string | null;
  detail: string;
  status: ComplaintStatusValue;
  dueAt: Date;
  replyText: string | null;
  repliedAt: Date | null;
  score: number | null;
  createdAt: Date;
};

function selectComplaintRows(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      id: complaints.id,
      folio: complaints.folio,
      borrowerId: complaints.borrowerId,
      orderId: complaints.orderId,
      problemType: complaints.problemType,
      typeTitleEn: complaintTypes.titleEn,
      typeTitleEs: complaintTypes.titleEs,
      problemSonType: complaints.problemSonType,
      sonTitleEn: sonTypes.titleEn,
      sonTitleEs: sonTypes.titleEs,
      detail: complaints.detail,
      status: sql<ComplaintStatusValue>`${complaints.status}`,
      dueAt: complaints.dueAt,
      replyText: complaints.replyText,
      repliedAt: complaints.repliedAt,
      score: complaints.score,
      createdAt: complaints.createdAt,
    })
    .from(complaints)
    .innerJoin(complaintTypes, eq(complaintTypes.value, complaints.problemType))
    .leftJoin(sonTypes, eq(sonTypes.value, complaints.problemSonType))
    .where(where);
}

/** The borrower's newest complaints, at most `limit`. */
export function listBorrowerComplaints(db: Queryable, borrowerId: number, limit: number): Promise<ComplaintRow[]> {
  return selectComplaintRows(db, eq(complaints.borrowerId, borrowerId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(limit);
}

/** Undefined both when the complaint does not exist and when it is someone else's. */
export async function findBorrowerComplaint(db: Queryable, borrowerId: number, id: number): Promise<ComplaintRow | undefined> {
  const [row] = await selectComplaintRows(db, and(eq(complaints.id, id), eq(complaints.borrowerId, borrowerId))).limit(1);
  return row;
}

export async function findComplaint(db: Queryable, id: number): Promise<ComplaintRow | undefined> {
  const [row] = await selectComplaintRows(db, eq(complaints.id, id)).limit(1);
  return row;
}

/** What the operator's list is narrowed to. */
export type ComplaintFilter = { status?: ComplaintStatusValue | undefined; type?: number | undefined; folio?: string | undefined };

/**
 * For operators: one page (and one row more) after the cursor's complaint, ordered by answer
 * deadline or filing time, ties broken by id in the same direction so that every row has one place.
 */
export function listComplaints(
  db: Queryable,
  filter: ComplaintFilter,
  sort: OperatorComplaintSort,
  page: PageRequest<readonly [string, number]>,
): Promise<ComplaintRow[]> {
  const column = sort === 'due' || sort === '-due' ? complaints.dueAt : complaints.createdAt;
  const newestFirst = sort.startsWith('-');
  const after = page.after
    ? newestFirst
      ? sql`(${column}, ${complaints.id}) < (${page.after[0]}::timestamptz, ${page.after[1]})`
      : sql`(${column}, ${complaints.id}) > (${page.after[0]}::timestamptz, ${page.after[1]})`
    : undefined;
  const where = and(
    filter.status ? eq(complaints.status, filter.status) : undefined,
    filter.type === undefined ? undefined : eq(complaints.problemType, filter.type),
    // The folio is letters and digits only (the query's schema), so it carries no LIKE wildcard.
    filter.folio === undefined ? undefined : sql`upper(${complaints.folio}) like ${`%${filter.folio.toUpperCase()}%`}`,
    after,
  );
  const direction = newestFirst ? desc : asc;
  return selectComplaintRows(db, where)
    .orderBy(direction(column), direction(complaints.id))
    .limit(page.limit + 1);
}

/** Records the reply only if none exists yet; false when the complaint was already answered. */
export async function saveReply(db: Queryable, id: number, text: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(complaints)
    .set({ status: 'replied', replyText: text, repliedAt: now, updatedAt: now })
    .where(and(eq(complaints.id, id), eq(complaints.status, 'open')))
    .returning({ id: complaints.id });
  return rows.length === 1;
}

/** Stores the score once, on a replied complaint of this borrower; false when that does not hold. */
export async function saveScore(db: Queryable, borrowerId: number, id: number, score: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(complaints)
    .set({ score, scoredAt: now, updatedAt: now })
    .where(and(eq(complaints.id, id), eq(complaints.borrowerId, borrowerId), eq(complaints.status, 'replied'), isNull(complaints.score)))
    .returning({ id: complaints.id });
  return rows.length === 1;
}
