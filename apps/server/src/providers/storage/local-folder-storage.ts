import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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

  async listWrittenBefore(before: Date): Promise<string[]> {
    return this.writtenBefore(await this.list(), before);
  }

  async removeIncomplete(before: Date): Promise<number> {
    const temporary = (await this.entries()).filter((name) => name.startsWith(TEMP_PREFIX));
    // A younger temporary file may be a write still in progress in another request.
    const stale = await this.writtenBefore(temporary, before);
    for (const entry of stale) await rm(join(this.folder, entry), { force: true });
    return stale.length;
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.folder, { recursive: true, mode: 0o700 });
      await access(this.folder, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new Error(`upload folder ${this.folder} is not usable: ${(error as Error).message}`, { cause: error });
    }
  }

  private async writtenBefore(entries: string[], before: Date): Promise<string[]> {
    const old: string[] = [];
    for (const entry of entries) {
      const info = await stat(join(this.folder, entry)).catch(() => undefined);
      if (info && info.mtime < before) old.push(entry);
    }
    return old;
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
