import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertStoredName, type FileStorage } from './storage';

const TEMP_PREFIX = '.partial-';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Files in one local folder (by default DATA_DIR/uploads). Each file is written under a
 * temporary name and renamed into place, so a crash mid-write leaves no half file under a
 * real name; `removeIncomplete` sweeps what such a crash leaves behind.
 */
export class LocalFolderStorage implements FileStorage {
  private ready: Promise<unknown> | undefined;

  constructor(readonly folder: string) {}

  private ensureFolder(): Promise<unknown> {
    this.ready ??= mkdir(this.folder, { recursive: true, mode: 0o700 });
    return this.ready;
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    assertStoredName(name);
    await this.ensureFolder();
    const temporary = join(this.folder, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
      await rename(temporary, join(this.folder, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    assertStoredName(name);
    try {
      return await readFile(join(this.folder, name));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    assertStoredName(name);
    await rm(join(this.folder, name), { force: true });
  }

  async list(): Promise<string[]> {
    return (await this.entries()).filter((entry) => !entry.startsWith(TEMP_PREFIX)).sort();
  }

  async removeIncomplete(before: Date): Promise<number> {
    let removed = 0;
    for (const entry of (await this.entries()).filter((name) => name.startsWith(TEMP_PREFIX))) {
      const path = join(this.folder, entry);
      // A younger temporary file may be a write still in progress in another request.
      const info = await stat(path).catch(() => undefined);
      if (info && info.mtime < before) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private async entries(): Promise<string[]> {
    try {
      return await readdir(this.folder);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }
}
