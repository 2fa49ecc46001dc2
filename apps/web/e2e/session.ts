import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createSessionResponseSchema, type CreateSessionResponse } from '@lend/contracts';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Opens a borrower session the way an operator does, through the command line. */
export function createSession(baseUrl: string, dataDir: string, phone = '5512345678'): CreateSessionResponse {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'session', 'create', '--phone', phone],
    { cwd: repoRoot, env: { ...process.env, SERVER_URL: baseUrl, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  const line = output.trim().split('\n').at(-1) ?? '';
  return createSessionResponseSchema.parse(JSON.parse(line));
}
