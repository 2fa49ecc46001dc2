import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { OneTimeCodeLimits } from '@lend/contracts';

/**
 * SMS one-time codes, as the promotion's registration and the borrower's sign-in use them: six
 * digits from the CSPRNG, kept only as a hash bound to the phone, alive 5 minutes, spent once,
 * void after 5 wrong tries. Each caller keeps its codes in its own table; the rules live here.
 */
export function newOneTimeCode(): string {
  return String(randomInt(0, 10 ** OneTimeCodeLimits.length)).padStart(OneTimeCodeLimits.length, '0');
}

export function oneTimeCodeHash(phone: string, code: string): string {
  return createHash('sha256').update(`${phone}:${code}`).digest('hex');
}

export function oneTimeCodeExpiry(now: Date): Date {
  return new Date(now.getTime() + OneTimeCodeLimits.ttlMs);
}

function sameHash(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a stored code holds that the verdict needs. */
export type StoredCode = { codeHash: string; expiresAt: Date; wrongTries: number };

/**
 * What a typed code is worth against the phone's newest live code (read under a row lock):
 * `expired` (none, or past its life), `locked` (out of tries), `wrong`, or `match`. A `wrong`
 * verdict is counted by the caller with `countWrongTry`, whose answer `afterWrongTry` judges.
 */
export type CodeVerdict = 'expired' | 'locked' | 'wrong' | 'match';

export function judgeCode(stored: StoredCode | undefined, phone: string, typed: string, now: Date): CodeVerdict {
  if (!stored || stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (stored.wrongTries >= OneTimeCodeLimits.maxWrongTries) return 'locked';
  if (typed === '') return 'wrong';
  return sameHash(stored.codeHash, oneTimeCodeHash(phone, typed)) ? 'match' : 'wrong';
}

/** After a wrong try was counted (`undefined`: the code took no more tries): is the code now void? */
export function voidAfterWrongTry(triesNow: number | undefined): boolean {
  return triesNow === undefined || triesNow >= OneTimeCodeLimits.maxWrongTries;
}

/** The SMS text: `{code}` is the code, `{minutes}` its lifetime. */
export function oneTimeCodeText(template: string, code: string): string {
  return template.replace('{code}', code).replace('{minutes}', String(OneTimeCodeLimits.ttlMs / 60_000));
}
