// Run by scripts/server-build.mjs after compiling: makes the empty database new data folders start from.
import { prepareEmptyDatabase } from './client';

const started = performance.now();
if (await prepareEmptyDatabase()) {
  process.stdout.write(`Prepared the empty embedded database in ${(performance.now() - started).toFixed(0)} ms\n`);
}
