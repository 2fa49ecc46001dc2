import { Limits } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import type { FileStorage } from '../../providers/storage/storage';
import { deleteUnattachedBefore } from './complaint-image-repository';

/** How often the clean-up looks for abandoned uploads. */
export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes uploads that no complaint or reply claimed within a day of upload: the rows first,
 * so nothing can claim them any more, then their files.
 */
export async function removeAbandonedUploads(db: Queryable, storage: FileStorage, now: Date): Promise<{ images: number; partials: number }> {
  const cutoff = new Date(now.getTime() - Limits.complaintUploadTtlMs);
  const names = await deleteUnattachedBefore(db, cutoff);
  for (const name of names) await storage.remove(name);
  const partials = await storage.removeIncomplete(cutoff);
  return { images: names.length, partials };
}
