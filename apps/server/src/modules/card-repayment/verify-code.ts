import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { CardLimits } from '@lend/contracts';

/** Six digits from the CSPRNG. */
export function newVerifyCode(): string {
  return String(randomInt(0, 10 ** CardLimits.codeLength)).padStart(CardLimits.codeLength, '0');
}

/** Bound to its repayment, so the same six digits of another repayment hash differently. */
export function verifyCodeHash(repaymentId: number, code: string): string {
  return createHash('sha256').update(`${repaymentId}:${code}`).digest('hex');
}

/** Compares the hashes in constant time: how long a wrong code takes says nothing about the right one. */
export function codeMatches(storedHash: string, repaymentId: number, given: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(verifyCodeHash(repaymentId, given), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
