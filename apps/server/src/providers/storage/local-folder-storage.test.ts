import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalFolderStorage } from './local-folder-storage';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function storage(): LocalFolderStorage {
  const folder = join(mkdtempSync(join(tmpdir(), 'lend-storage-')), 'uploads');
  folders.push(folder);
  return new LocalFolderStorage(folder);
}

describe('LocalFolderStorage', () => {
  it('creates its folder, stores, reads, lists and removes whole files', async () => {
    const files = storage();
    expect(await files.list()).toEqual([]);
    expect(await files.get('a.png')).toBeUndefined();
    await files.put('b.png', new Uint8Array([1, 2, 3]));
    await files.put('a.png', new Uint8Array([4]));
    expect(await files.list()).toEqual(['a.png', 'b.png']);
    expect(Array.from((await files.get('b.png')) ?? [])).toEqual([1, 2, 3]);
    // Only the finished files are in the folder: no temporary names left behind.
    expect(readdirSync(files.folder).sort()).toEqual(['a.png', 'b.png']);
    await files.remove('b.png');
    await files.remove('b.png');
    expect(await files.list()).toEqual(['a.png']);
  });

  it('refuses names that could leave the folder', async () => {
    const files = storage();
    for (const name of ['../x.png', '/etc/passwd', 'a/b.png', '', '.hidden', 'x..y.png']) {
      await expect(files.put(name, new Uint8Array([1]))).rejects.toThrow(/invalid stored file name/);
      await expect(files.get(name)).rejects.toThrow(/invalid stored file name/);
    }
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
});
