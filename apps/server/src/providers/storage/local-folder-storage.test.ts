import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFileStorageContract } from './file-storage-contract';
import { LocalFolderStorage } from './local-folder-storage';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function storage(): LocalFolderStorage {
  const parent = mkdtempSync(join(tmpdir(), 'lend-storage-'));
  folders.push(parent);
  return new LocalFolderStorage(join(parent, 'uploads'));
}

describeFileStorageContract('LocalFolderStorage', async () => storage());

describe('LocalFolderStorage', () => {
  it('creates its folder and leaves only finished files in it, under their own names', async () => {
    const files = storage();
    await files.put('b.png', new Uint8Array([1, 2, 3]));
    await files.put('a.png', new Uint8Array([4]));
    // No temporary names left behind.
    expect(readdirSync(files.folder).sort()).toEqual(['a.png', 'b.png']);
  });

  it('sweeps temporary files of interrupted writes, leaving recent ones to the writes in progress', async () => {
    const files = storage();
    await files.put('kept.png', new Uint8Array([1]));
    const old = join(files.folder, '.partial-0123456789abcdef');
    const fresh = join(files.folder, '.partial-fedcba9876543210');
    writeFileSync(old, 'half');
    writeFileSync(fresh, 'half');
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(old, hourAgo, hourAgo);
    expect(await files.list()).toEqual(['kept.png']);
    expect(await files.removeIncomplete(new Date(Date.now() - 60 * 1000))).toBe(1);
    expect(readdirSync(files.folder).sort()).toEqual(['.partial-fedcba9876543210', 'kept.png']);
  });

  it('says why it is unusable when its folder cannot be made', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'lend-storage-'));
    folders.push(parent);
    writeFileSync(join(parent, 'taken'), 'a file where the folder should be');
    await expect(new LocalFolderStorage(join(parent, 'taken', 'uploads')).check()).rejects.toThrow(/upload folder .*taken\/uploads is not usable/);
  });
});
