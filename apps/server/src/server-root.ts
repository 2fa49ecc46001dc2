import { resolve } from 'node:path';

/**
 * The `apps/server` folder. This module sits one level below it both as source (`src/`) and
 * bundled into the compiled server (`dist/`), so paths built from here hold in both.
 */
export const serverRoot = resolve(import.meta.dirname, '..');
