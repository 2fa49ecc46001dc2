import { Limits } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import type { FileStorage } from '../../providers/storage/storage';
import { deleteUnattachedBefore, namesWithRows } from './complaint-image-repository';

/** How often the clean-up looks for abandoned uploads. */
export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export type UploadCleanup = { images: number; partials: number; orphans: number };

/** Which of these stored names another module's rows hold (identity photos: docs/decisions/135); those are never orphans. */
export type StoredFileOwner = (db: Queryable, names: readonly string[]) => Promise<Set<string>>;

/**
 * Removes uploads that no complaint or reply claimed within a day of upload: the rows first,
 * so nothing can claim them any more, then their files. Then files with no row at all (a crash
 * between writing the file and its row, or a row removed before its file), once they are older
 * than the same limit: an upload in progress writes its file a moment before its row.
 */
export async function removeAbandonedUploads(db: Queryable, storage: FileStorage, now: Date, otherOwners: readonly StoredFileOwner[] = []): Promise<UploadCleanup> {
  const cutoff = new Date(now.getTime() - Limits.complaintUploadTtlMs);
  const names = await deleteUnattachedBefore(db, cutoff);
  for (const name of names) await storage.remove(name);
  const partials = await storage.removeIncomplete(cutoff);
  const oldFiles = await storage.listWrittenBefore(cutoff);
  const known = await namesWithRows(db, oldFiles);
  for (const owner of otherOwners) for (const name of await owner(db, oldFiles)) known.add(name);
  const orphans = oldFiles.filter((name) => !known.has(name));
  for (const name of orphans) await storage.remove(name);
  return { images: names.length, partials, orphans: orphans.length };
}
