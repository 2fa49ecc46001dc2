import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
const webDir = join(root, 'apps/web');
const builtIndex = join(webDir, 'dist/index.html');
const sources = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'scripts'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'package.json'),
  join(root, 'packages/contracts/src'),
  join(root, 'packages/domain/src'),
];

/** The newest modification time of a file, or of anything under a folder. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when the web build is missing or older than anything it is built from. */
export function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}

export function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@lend/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
