// Writes .br (brotli 11) and .gz (gzip 9) beside every compressible build file so the server
// can send them as they are, without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

// Never sent as files: the build manifest, and the page templates the server fills in and compresses.
const SKIPPED_FOLDERS = new Set(['.vite', 'prerendered']);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

async function precompress(dir) {
  let count = 0;
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const source = await readFile(path);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    await writeFile(`${path}.br`, brotli);
    await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
    count += 1;
  }
  return count;
}

const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/precompress.mjs <dir>');
  process.exit(2);
}
const count = await precompress(resolve(target));
console.log(`precompressed ${count} files in ${target}`);
