import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: the listing's token, which only the borrower's screen holds. */
export function newRepayToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the hash is stored, so a copy of the database commits nothing. */
export function repayTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The record's id the screen holds: random, so one borrower cannot guess another's. */
export function newRecordNo(): string {
  return `CR${randomBytes(15).toString('base64url')}`;
}
