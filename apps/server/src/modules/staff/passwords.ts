import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ErrorCode, StaffLimits } from '@lend/contracts';
import { AppError } from '../../errors';
import { serverRoot } from '../../server-root';

/**
 * scrypt's cost: N = 2^15, r = 8, p = 1 (32 MiB, about 0.1 s here). Each hash records its own, so
 * raising them later re-hashes at the next sign-in without breaking old hashes (docs/decisions/164).
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((done, fail) => scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? fail(error) : done(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compared in constant time; a malformed hash verifies nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash no password matches, checked for an unknown e-mail so it takes as long as a known one. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoy;
}

let common: Set<string> | undefined;
/** The most common passwords of 8 characters or more (assets/common-passwords.txt, docs/decisions/164). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(resolve(serverRoot, 'assets/common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return common;
}

/**
 * NIST SP 800-63B with a second factor always required: 8 to 128 characters, any characters, no
 * composition rules; not a common password and not containing the e-mail's name.
 */
export function refusePoorPassword(password: string, email: string): void {
  const length = [...password.normalize('NFKC')].length;
  if (length < StaffLimits.passwordMinChars) throw new AppError(ErrorCode.StaffPasswordTooShort, 'password');
  if (length > StaffLimits.passwordMaxChars) throw new AppError(ErrorCode.StaffPasswordTooLong, 'password');
  const lowered = password.toLowerCase();
  if (commonPasswords().has(lowered)) throw new AppError(ErrorCode.StaffPasswordCommon, 'password');
  const name = email.split('@')[0]?.toLowerCase() ?? '';
  if (name.length >= 3 && lowered.includes(name)) throw new AppError(ErrorCode.StaffPasswordHasEmail, 'password');
}

/** A temporary password of 20 random characters, which its holder must change at first sign-in. */
export function temporaryPassword(): string {
  return randomBytes(15).toString('base64url');
}
