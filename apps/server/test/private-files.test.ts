import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_DATABASE, prepareEmptyDatabase } from '../src/db/client';
import { LocalFolderStorage } from '../src/providers/storage/local-folder-storage';
import { startServer } from './server-process';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lend-private-'));
  dirs.push(dir);
  return dir;
}

/** Every folder (and unless `foldersOnly`, file) under `root`, itself included, whose mode lets anyone but the owner in. */
function opened(root: string, foldersOnly = false): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if (mode !== wanted && (stat.isDirectory() || !foldersOnly)) found.push(`${path} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  visit(root);
  return found;
}

/** Runs `work` with a umask that leaves new files open to everyone, as a careless host might. */
async function withOpenUmask<T>(work: () => Promise<T>): Promise<T> {
  const previous = process.umask(0o000);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}

describe('data on disk is readable by the server’s own user only, whatever the umask', () => {
  it('keeps the prepared empty database private', async () => {
    await withOpenUmask(() => prepareEmptyDatabase());
    expect(opened(EMPTY_DATABASE.dir)).toEqual([]);
    expect(opened(EMPTY_DATABASE.dump)).toEqual([]);
  });

  it('makes the data folder, the embedded database and the operator token private', async () => {
    const dataDir = join(tempDir(), 'data');
    const server = await withOpenUmask(() => startServer({ NODE_ENV: 'development', DATA_DIR: dataDir }));
    try {
      // While it runs, no folder lets anyone else in (so neither do the files the database adds) …
      expect(opened(dataDir, true)).toEqual([]);
    } finally {
      await server.stop();
    }
    // … and once it stopped, every file is the owner's alone.
    expect(opened(dataDir)).toEqual([]);
  });

  it('tightens a data folder an earlier version left open', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await startServer({ NODE_ENV: 'development', DATA_DIR: dataDir });
    await first.stop();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'pglite'), 0o755);
    chmodSync(join(dataDir, 'pglite', 'PG_VERSION'), 0o666);
    const again = await startServer({ NODE_ENV: 'development', DATA_DIR: dataDir });
    try {
      expect(opened(dataDir, true)).toEqual([]);
      expect(lstatSync(join(dataDir, 'pglite', 'PG_VERSION')).mode & 0o777).toBe(0o600);
    } finally {
      await again.stop();
    }
  });

  it('keeps the upload folder and its files private, even a folder that existed open', async () => {
    const fresh = join(tempDir(), 'uploads');
    await withOpenUmask(() => new LocalFolderStorage(fresh).put('a.jpg', new Uint8Array([1, 2, 3])));
    expect(opened(fresh)).toEqual([]);

    const existing = join(tempDir(), 'uploads');
    mkdirSync(existing, { mode: 0o755 });
    chmodSync(existing, 0o755);
    await withOpenUmask(() => new LocalFolderStorage(existing).put('b.jpg', new Uint8Array([4])));
    expect(opened(existing)).toEqual([]);
  });
});
