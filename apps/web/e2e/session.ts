import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createSessionResponseSchema, type CreateSessionResponse } from '@lend/contracts';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Runs the operator command line against the test server, as an operator would; returns its JSON lines. */
export function runCli(baseUrl: string, dataDir: string, args: readonly string[]): unknown[] {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, SERVER_URL: baseUrl, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') || line.startsWith('['))
    .map((line) => JSON.parse(line) as unknown);
}

/** Opens a borrower session the way an operator does, through the command line. */
export function createSession(baseUrl: string, dataDir: string, phone = '5512345678'): CreateSessionResponse {
  const lines = runCli(baseUrl, dataDir, ['session', 'create', '--phone', phone]);
  return createSessionResponseSchema.parse(lines.at(-1));
}
