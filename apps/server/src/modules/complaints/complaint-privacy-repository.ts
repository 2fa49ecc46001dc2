import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { complaintImages, complaints } from '../../db/schema';

/** Kept in place of an erased text: the columns refuse an empty one. */
const ERASED_TEXT = '-';

export function complaintsOfBorrower(db: Queryable, borrowerId: number) {
  return db
    .select({
      id: complaints.id,
      folio: complaints.folio,
      orderId: complaints.orderId,
      problemType: complaints.problemType,
      problemSonType: complaints.problemSonType,
      detail: complaints.detail,
      status: complaints.status,
      createdAt: complaints.createdAt,
      dueAt: complaints.dueAt,
      replyText: complaints.replyText,
      repliedAt: complaints.repliedAt,
      score: complaints.score,
    })
    .from(complaints)
    .where(eq(complaints.borrowerId, borrowerId))
    .orderBy(asc(complaints.id));
}

/** Erases the texts of the borrower's complaints and the answers to them; the complaints stay as records. */
export async function eraseComplaintTexts(db: Queryable, borrowerId: number): Promise<number[]> {
  const rows = await db.update(complaints).set({ detail: ERASED_TEXT }).where(eq(complaints.borrowerId, borrowerId)).returning({ id: complaints.id });
  await db
    .update(complaints)
    .set({ replyText: ERASED_TEXT })
    .where(and(eq(complaints.borrowerId, borrowerId), eq(complaints.status, 'replied')));
  return rows.map((row) => row.id);
}

/** Deletes the images the borrower uploaded and those of the answers to their complaints; returns the file names. */
export async function deleteImagesOf(db: Queryable, borrowerId: number, complaintIds: readonly number[]): Promise<string[]> {
  const theirs = eq(complaintImages.borrowerId, borrowerId);
  const where = complaintIds.length > 0 ? or(theirs, inArray(complaintImages.complaintId, [...complaintIds])) : theirs;
  const rows = await db.delete(complaintImages).where(where).returning({ name: complaintImages.name });
  return rows.map((row) => row.name);
}
