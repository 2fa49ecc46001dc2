import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Runs the operator command line against the test server, as an operator would; returns its JSON answer. */
export function operatorCli(baseUrl: string, dataDir: string, args: readonly string[]): unknown {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, SERVER_URL: baseUrl, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  const line = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as unknown;
}
