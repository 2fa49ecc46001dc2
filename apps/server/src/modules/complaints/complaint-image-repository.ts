import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { complaintImages, complaints } from '../../db/schema';

export type ImageKind = 'problem' | 'reply';
export type ComplaintImageRow = typeof complaintImages.$inferSelect;

export async function insertImage(
  db: Queryable,
  values: { name: string; contentType: string; byteSize: number; kind: ImageKind; borrowerId: number | null; createdAt: Date },
): Promise<void> {
  await db.insert(complaintImages).values(values);
}

/**
 * Claims unattached uploads for a complaint, in the given order. Only uploads of `kind` by
 * `borrowerId` (null: an operator's) qualify; returns how many were claimed, so a caller
 * inside a transaction can roll back when one was missing, foreign or already used.
 */
export async function attachImages(
  db: Queryable,
  input: { names: readonly string[]; complaintId: number; kind: ImageKind; borrowerId: number | null },
): Promise<number> {
  let attached = 0;
  for (const [position, name] of input.names.entries()) {
    const owner = input.borrowerId === null ? isNull(complaintImages.borrowerId) : eq(complaintImages.borrowerId, input.borrowerId);
    const rows = await db
      .update(complaintImages)
      .set({ complaintId: input.complaintId, position })
      .where(and(eq(complaintImages.name, name), eq(complaintImages.kind, input.kind), owner, isNull(complaintImages.complaintId)))
      .returning({ id: complaintImages.id });
    attached += rows.length;
  }
  return attached;
}

/** Attached images of these complaints, in their order. */
export function imagesOfComplaints(db: Queryable, complaintIds: readonly number[]) {
  if (complaintIds.length === 0) return Promise.resolve([]);
  return db
    .select({ complaintId: complaintImages.complaintId, name: complaintImages.name, kind: complaintImages.kind })
    .from(complaintImages)
    .where(inArray(complaintImages.complaintId, [...complaintIds]))
    .orderBy(asc(complaintImages.complaintId), asc(complaintImages.position));
}

/**
 * An image the borrower may see: one they uploaded, or one attached to their complaint (the
 * lender's reply images). Undefined for anything else, existing or not.
 */
export async function findImageVisibleToBorrower(db: Queryable, name: string, borrowerId: number): Promise<ComplaintImageRow | undefined> {
  const [row] = await db
    .select({ image: complaintImages })
    .from(complaintImages)
    .leftJoin(complaints, eq(complaints.id, complaintImages.complaintId))
    .where(and(eq(complaintImages.name, name), or(eq(complaintImages.borrowerId, borrowerId), eq(complaints.borrowerId, borrowerId))))
    .limit(1);
  return row?.image;
}

export async function findImage(db: Queryable, name: string): Promise<ComplaintImageRow | undefined> {
  const [row] = await db.select().from(complaintImages).where(eq(complaintImages.name, name)).limit(1);
  return row;
}

/** Deletes uploads nobody attached before `cutoff` and returns their names (their files go next). */
export async function deleteUnattachedBefore(db: Queryable, cutoff: Date): Promise<string[]> {
  const rows = await db
    .delete(complaintImages)
    .where(and(isNull(complaintImages.complaintId), lt(complaintImages.createdAt, cutoff)))
    .returning({ name: complaintImages.name });
  return rows.map((row) => row.name);
}

/** Names per query, well under PostgreSQL's limit on parameters. */
const NAMES_PER_QUERY = 1000;

/** Which of these stored names have a row. */
export async function namesWithRows(db: Queryable, names: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < names.length; start += NAMES_PER_QUERY) {
    const batch = names.slice(start, start + NAMES_PER_QUERY);
    const rows = await db.select({ name: complaintImages.name }).from(complaintImages).where(inArray(complaintImages.name, batch));
    for (const row of rows) found.add(row.name);
  }
  return found;
}
