// `npm run cli -- <command>`: the compiled operator command line, compiled first if stale.
import { pathToFileURL } from 'node:url';
import { cliEntry, ensureServerBuild } from './server-build.mjs';

await ensureServerBuild();
// It reads its words from process.argv, which are this script's own.
await import(pathToFileURL(cliEntry).href);
