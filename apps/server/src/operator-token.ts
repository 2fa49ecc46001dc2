import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateFolderSync } from './private-files';

export const OPERATOR_TOKEN_FILE = 'operator-token';

export function operatorTokenPath(dataDir: string): string {
  return join(dataDir, OPERATOR_TOKEN_FILE);
}

/**
 * The operator token: OPERATOR_TOKEN when set; otherwise (outside production only) a token
 * kept in the data folder, readable by its owner alone, created on first start.
 */
export function resolveOperatorToken(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const path = operatorTokenPath(dataDir);
  privateFolderSync(dataDir);
  if (existsSync(path)) {
    const mode = statSync(path).mode & 0o777;
    if (mode !== 0o600) chmodSync(path, 0o600);
    const token = readFileSync(path, 'utf8').trim();
    if (token.length >= 32) return token;
  }
  const token = randomBytes(32).toString('base64url');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return token;
}

/** Reads the token the way the command line does: OPERATOR_TOKEN, else the data folder's file. */
export function readOperatorToken(configured: string | undefined, dataDir: string): string | undefined {
  if (configured) return configured;
  const path = operatorTokenPath(dataDir);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function tokensMatch(expected: string, presented: string): boolean {
  return timingSafeEqual(digest(expected), digest(presented));
}
