import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ErrorCode, StaffLimits } from '@lend/contracts';
import argon2 from 'argon2';
import { AppError } from '../../errors';
import { serverRoot } from '../../server-root';

/**
 * Argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane (docs/decisions/219).
 * Each hash records its own, so they can be raised later: a hash below them is re-hashed at the
 * next sign-in.
 */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},p=${ARGON2.parallelism},t=${ARGON2.timeCost}$`;

/** Passwords are compared as typed after NFKC normalisation (docs/decisions/164). */
const normalised = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(normalised(password), ARGON2);
}

/** A hash of decision 164: `scrypt$N$r$p$salt$key`, checked as it was made. */
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, key] = stored.split('$');
  if (!salt || !key) return Promise.resolve(false);
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  const expected = Buffer.from(key, 'base64url');
  return new Promise((done, fail) =>
    scrypt(normalised(password), Buffer.from(salt, 'base64url'), expected.length, options, (error, actual) =>
      error ? fail(error) : done(actual.length === expected.length && timingSafeEqual(actual, expected)),
    ),
  );
}

/** Compared in constant time, argon2id or an older scrypt hash; a malformed hash verifies nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2id$')) return false;
  try {
    return await argon2.verify(stored, normalised(password));
  } catch {
    return false;
  }
}

/** Whether a hash is below the current setting: made with scrypt, or with weaker argon2id parameters. */
export const hashIsStale = (stored: string): boolean => !stored.startsWith(ARGON2_PREFIX);

/** A hash no password matches, checked for an unknown e-mail so it takes as long as a known one. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoy;
}

let breached: Promise<Set<string>> | undefined;
/**
 * Passwords known from breaches, lower-cased (docs/decisions/164, 219): the 49,000 or so of
 * `@zxcvbn-ts/language-common` (those seen more than ten times in the ten million leaked
 * credentials Xato published), and the most common ones of 8 characters or more kept in
 * assets/common-passwords.txt. Read once, at the first check.
 */
function breachedPasswords(): Promise<Set<string>> {
  breached ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const kept = readFileSync(resolve(serverRoot, 'assets/common-passwords.txt'), 'utf8').split('\n');
    return new Set([...dictionary['passwords-common'], ...kept].map((line) => line.trim().toLowerCase()).filter(Boolean));
  });
  return breached;
}

/** A breached password as typed, or one with digits or symbols added at its end (`Password123!`, `Summer2026`). */
async function isBreached(lowered: string): Promise<boolean> {
  const list = await breachedPasswords();
  const withoutSymbols = lowered.replace(/[^\p{L}\p{N}]+$/u, '');
  const stem = lowered.replace(/[^\p{L}]+$/u, '');
  return list.has(lowered) || list.has(withoutSymbols) || (stem.length >= 4 && list.has(stem));
}

/**
 * NIST SP 800-63B with a second factor always required: 8 to 128 characters, any characters, no
 * composition rules; not a breached password and not containing the e-mail's name.
 */
export async function refusePoorPassword(password: string, email: string): Promise<void> {
  const length = [...normalised(password)].length;
  if (length < StaffLimits.passwordMinChars) throw new AppError(ErrorCode.StaffPasswordTooShort, 'password');
  if (length > StaffLimits.passwordMaxChars) throw new AppError(ErrorCode.StaffPasswordTooLong, 'password');
  const lowered = normalised(password).toLowerCase();
  if (await isBreached(lowered)) throw new AppError(ErrorCode.StaffPasswordCommon, 'password');
  const name = email.split('@')[0]?.toLowerCase() ?? '';
  if (name.length >= 3 && lowered.includes(name)) throw new AppError(ErrorCode.StaffPasswordHasEmail, 'password');
}

/** A temporary password of 20 random characters, which its holder must change at first sign-in. */
export function temporaryPassword(): string {
  return randomBytes(15).toString('base64url');
}
