import { LocalFolderStorage } from './local-folder-storage';
import type { FileStorage, StorageSettings } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live; `check()` says whether they can be reached (readiness). */
    fileStorage: FileStorage;
  }
}

export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

export type OpenedStorage = { storage: FileStorage; close: () => void };

/**
 * The storage the settings choose. S3 is checked before the server takes a request, so a wrong
 * bucket, address or key stops the start instead of failing the first upload; its SDK is loaded
 * only then, keeping it out of a start on the local folder.
 */
export async function openFileStorage(settings: StorageSettings): Promise<OpenedStorage> {
  if (settings.kind === 'local') return { storage: new LocalFolderStorage(settings.folder), close: () => {} };
  const { S3Storage } = await import('./s3-storage');
  const storage = new S3Storage(settings);
  try {
    await storage.check();
  } catch (error) {
    storage.close();
    throw new StorageUnavailableError(`File storage unavailable: ${(error as Error).message}`, { cause: error });
  }
  return { storage, close: () => storage.close() };
}
