import { timingSafeEqual } from 'node:crypto';
import { PromotionLimits } from '@lend/contracts';
import type { VisitorRow } from './visitor-repository';

export function sameHash(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isFresh(visitor: VisitorRow, now: Date): boolean {
  return (
    visitor.captchaSpentFor === null &&
    visitor.captchaIssuedAt !== null &&
    now.getTime() - visitor.captchaIssuedAt.getTime() < PromotionLimits.captchaTtlMs
  );
}

/** An SMS needs a captcha that has not authorised anything yet and is under 2 minutes old. */
export function captchaAuthorisesSms(visitor: VisitorRow, answerHash: string, now: Date): boolean {
  return visitor.captchaHash !== null && isFresh(visitor, now) && sameHash(visitor.captchaHash, answerHash);
}

/**
 * Registration takes a fresh captcha, or the one that authorised this phone's SMS: sending the
 * code and registering are two halves of one attempt (docs/decisions/053).
 */
export function captchaAuthorisesRegistration(visitor: VisitorRow, answerHash: string, phone: string, now: Date): boolean {
  if (visitor.captchaHash === null || !sameHash(visitor.captchaHash, answerHash)) return false;
  return visitor.captchaSpentFor === null ? isFresh(visitor, now) : visitor.captchaSpentFor === phone;
}
