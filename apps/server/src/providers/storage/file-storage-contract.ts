import { describe, expect, it } from 'vitest';
import type { FileStorage } from './storage';

/** Waits until the clock reaches `moment`. */
async function until(moment: Date): Promise<void> {
  const wait = moment.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * What every FileStorage does, whatever it keeps files in. `open` gives a fresh, empty storage for
 * each test; the caller cleans up after them. An adapter's own details (temporary files, keys
 * beside its own) have their own tests beside it.
 */
export function describeFileStorageContract(label: string, open: () => Promise<FileStorage>): void {
  describe(`${label} as file storage`, () => {
    it('starts empty, stores, reads, lists in order and removes whole files', async () => {
      const files = await open();
      expect(await files.list()).toEqual([]);
      expect(await files.get('a.png')).toBeUndefined();
      await files.put('b.png', new Uint8Array([1, 2, 3]));
      await files.put('a.png', new Uint8Array([4]));
      expect(await files.list()).toEqual(['a.png', 'b.png']);
      expect(Array.from((await files.get('b.png')) ?? [])).toEqual([1, 2, 3]);
      await files.remove('b.png');
      await files.remove('b.png');
      expect(await files.get('b.png')).toBeUndefined();
      expect(await files.list()).toEqual(['a.png']);
    });

    it('replaces a file written again under the same name', async () => {
      const files = await open();
      await files.put('a.webp', new Uint8Array([1, 2, 3]));
      await files.put('a.webp', new Uint8Array([9]));
      expect(Array.from((await files.get('a.webp')) ?? [])).toEqual([9]);
      expect(await files.list()).toEqual(['a.webp']);
    });

    it('lists every file, however many', async () => {
      const files = await open();
      const names = Array.from({ length: 7 }, (_, index) => `f${index}.jpg`);
      for (const name of [...names].reverse()) await files.put(name, new Uint8Array([1]));
      expect(await files.list()).toEqual(names);
      expect(await files.listWrittenBefore(new Date(Date.now() + 60_000))).toEqual(names);
    });

    it('refuses names that could leave its place, before touching anything', async () => {
      const files = await open();
      for (const name of ['../x.png', '/etc/passwd', 'a/b.png', '', '.hidden', 'x..y.png', 'A.png']) {
        await expect(files.put(name, new Uint8Array([1]))).rejects.toThrow(/invalid stored file name/);
        await expect(files.get(name)).rejects.toThrow(/invalid stored file name/);
        await expect(files.remove(name)).rejects.toThrow(/invalid stored file name/);
      }
      expect(await files.list()).toEqual([]);
    });

    it('lists as written before a time only the files written before it', async () => {
      const files = await open();
      await files.put('old.png', new Uint8Array([1]));
      // A whole second: S3 keeps the time of a write to the second, rounded down.
      const cutoff = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
      // A little past it: a file system stamps writes from a clock that may trail Date.now() by a few milliseconds.
      await until(new Date(cutoff.getTime() + 50));
      await files.put('new.png', new Uint8Array([2]));
      expect(await files.listWrittenBefore(cutoff)).toEqual(['old.png']);
      expect(await files.listWrittenBefore(new Date(cutoff.getTime() - 60_000))).toEqual([]);
      expect(await files.listWrittenBefore(new Date(Date.now() + 60_000))).toEqual(['new.png', 'old.png']);
    });

    it('never counts or removes a finished file as an interrupted write', async () => {
      const files = await open();
      await files.put('kept.png', new Uint8Array([1]));
      expect(await files.removeIncomplete(new Date(Date.now() + 60_000))).toBe(0);
      expect(await files.list()).toEqual(['kept.png']);
    });

    it('says it is usable when it is', async () => {
      const files = await open();
      await expect(files.check()).resolves.toBeUndefined();
    });
  });
}
