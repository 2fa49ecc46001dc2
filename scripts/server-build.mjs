// The compiled server and operator command line (apps/server/dist): our TypeScript and the
// workspace packages bundled into plain JavaScript, npm dependencies left to node_modules. `npm start`,
// the benchmark and the tests run these files, so nothing is transpiled while a server starts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { newestMtime, root } from './web-build.mjs';

const serverDir = join(root, 'apps/server');
export const serverDist = join(serverDir, 'dist');
const serverEntry = join(serverDist, 'main.mjs');
/** The compiled operator command line. */
export const cliEntry = join(serverDist, 'cli.mjs');
const prepareDatabaseEntry = join(serverDist, 'prepare-empty-database.mjs');
const builtMarker = join(serverDist, 'built-at');

const sources = [
  join(serverDir, 'src'),
  join(serverDir, 'package.json'),
  join(serverDir, 'drizzle'),
  join(root, 'packages/contracts/src'),
  join(root, 'packages/domain/src'),
  join(root, 'package-lock.json'),
  import.meta.filename,
];

/** True when the compiled server is missing or older than anything it is built from. */
export function serverBuildIsStale() {
  if (!existsSync(builtMarker) || !existsSync(serverEntry) || !existsSync(cliEntry)) return true;
  const builtAt = statSync(builtMarker).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}

/** npm packages stay imports from node_modules; our workspace packages are TypeScript and are bundled in. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lend/') ? undefined : { path: args.path, external: true }));
  },
};

/** The compiled JavaScript of an earlier build; the prepared empty database stays unless its migrations changed. */
function removeCompiledFiles() {
  if (!existsSync(serverDist)) return;
  for (const name of readdirSync(serverDist)) {
    if (name.endsWith('.mjs') || name.endsWith('.mjs.map')) rmSync(join(serverDist, name), { force: true });
  }
}

/**
 * Compiles apps/server/dist/main.mjs (the server) and cli.mjs (the operator command line), then
 * prepares the empty embedded database new data folders start from (apps/server/src/db/client.ts).
 */
export async function buildServer() {
  const started = performance.now();
  mkdirSync(serverDist, { recursive: true });
  rmSync(builtMarker, { force: true });
  removeCompiledFiles();
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: join(serverDir, 'src/main.ts'),
      cli: join(serverDir, 'src/cli/main.ts'),
      'prepare-empty-database': join(serverDir, 'src/db/prepare-empty-database.ts'),
    },
    outdir: serverDist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    // Chunks sit beside the entry points: server-root.ts finds apps/server one folder up from any of them.
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [npmPackagesExternal],
    logLevel: 'warning',
  });
  // Its progress goes to stderr, so that a command line's stdout stays its answer.
  const prepared = spawnSync(process.execPath, [prepareDatabaseEntry], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
  if (prepared.status !== 0) throw new Error('the empty embedded database could not be prepared; see the messages above');
  writeFileSync(builtMarker, `${new Date().toISOString()}\n`);
  return performance.now() - started;
}

/** Builds the server when it is missing or stale; cheap when it is up to date. */
export async function ensureServerBuild({ quiet = false } = {}) {
  if (!serverBuildIsStale()) return false;
  const ms = await buildServer();
  if (!quiet) console.error(`Compiled the server into apps/server/dist in ${ms.toFixed(0)} ms`);
  return true;
}

// Source maps are written beside the files but not loaded by default: loading them costs a start
// about 0.2 s. The bundle keeps each source file's name above its code; NODE_OPTIONS=--enable-source-maps
// makes stack traces name the TypeScript lines.

/**
 * The environment the server runs with: `env` with glibc's allocator kept to one arena unless it
 * says otherwise. With one arena per thread, the threads that decode a borrower's photo leave tens
 * of MiB behind them each time, and a server grew past 300 MiB on a few uploads (docs/decisions/204).
 */
export function serverEnvironment(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '1' };
}

/** The command that starts the compiled server: `[node, ...args]`, run from the repository root. */
export function serverCommand() {
  return [process.execPath, serverEntry];
}

/** The command that runs the compiled operator command line; append the command's words. */
export function cliCommand() {
  return [process.execPath, cliEntry];
}
