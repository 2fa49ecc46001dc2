import type { Queryable } from '../../db/client';
import type { FileStorage } from '../../providers/storage/storage';
import { withOrderLabels } from '../orders';
import { imagesOfComplaints } from './complaint-image-repository';
import { complaintsOfBorrower, deleteImagesOf, eraseComplaintTexts } from './complaint-privacy-repository';

/** The borrower's complaints with the answers and the names of their images, for their data download. */
export async function complaintDataOf(db: Queryable, borrowerId: number) {
  const rows = await withOrderLabels(db, await complaintsOfBorrower(db, borrowerId));
  const images = await imagesOfComplaints(
    db,
    rows.map((row) => row.id),
  );
  // Field by field: what the borrower downloads is their complaint, not our ids.
  return rows.map(({ id, folio, orderNo, problemType, problemSonType, detail, status, createdAt, dueAt, replyText, repliedAt, score }) => ({
    folio,
    orderNo,
    problemType,
    problemSonType,
    detail,
    status,
    createdAt,
    dueAt,
    replyText,
    repliedAt,
    score,
    images: images.filter((image) => image.complaintId === id && image.kind === 'problem').map((image) => image.name),
    replyImages: images.filter((image) => image.complaintId === id && image.kind === 'reply').map((image) => image.name),
  }));
}

/**
 * Erases what the borrower wrote and uploaded (and the answers, which quote it). Call inside the
 * deletion's transaction; remove the returned files once it has committed (a file left by a crash
 * in between has no row, so the upload clean-up removes it).
 */
export async function eraseComplaintsOf(db: Queryable, borrowerId: number): Promise<string[]> {
  const complaintIds = await eraseComplaintTexts(db, borrowerId);
  return deleteImagesOf(db, borrowerId, complaintIds);
}

export async function removeComplaintFiles(storage: FileStorage, names: readonly string[]): Promise<void> {
  for (const name of names) await storage.remove(name);
}
