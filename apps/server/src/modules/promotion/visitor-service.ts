import { createHash, randomBytes } from 'node:crypto';
import { PromotionCode, PromotionLimits, type PhoneMarket } from '@lend/contracts';
import { visitorMarket } from '../promotion-campaigns';
import { captchaAnswerHash, drawCaptcha, textChallengeAnswer } from './captcha';
import type { PromotionDeps } from './promotion-deps';
import { PromotionError } from './promotion-error';
import { removeInBatches } from '../../db/batches';
import type { Queryable } from '../../db/client';
import { deleteVisitorsExpiredBefore, findVisitorTemplate, insertVisitor, setCaptchaOfLiveVisitor, type VisitorRow } from './visitor-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often visitors a day past their expiry are removed. */
export const VISITOR_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export function hashSid(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

/** A new visitor id (192 random bits); only its hash is stored. */
export async function newVisitor(deps: PromotionDeps, templateId: number | undefined): Promise<string> {
  if (templateId !== undefined) await deps.templates.get(templateId);
  const now = deps.now();
  const sid = randomBytes(24).toString('base64url');
  await insertVisitor(deps.db, {
    sidHash: hashSid(sid),
    templateId: templateId ?? null,
    expiresAt: new Date(now.getTime() + PromotionLimits.sidTtlMs),
  });
  return sid;
}

/**
 * Visitors a day past their expiry removed, by a periodic job rather than on the landing's calls,
 * which a crowd makes (docs/decisions/206). Returns how many.
 */
export function removeExpiredVisitors(db: Queryable, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DAY_MS);
  return removeInBatches((limit) => deleteVisitorsExpiredBefore(db, before, limit));
}

/**
 * The market whose phones the visitor gives and in which they register: their template's
 * (docs/decisions/232). Read before the visitor is locked, so that a phone of another market is
 * refused without spending the captcha; an unknown visitor is given the default market, and the
 * captcha check then refuses them.
 */
export async function marketOfVisitor(deps: PromotionDeps, sidHash: string): Promise<PhoneMarket> {
  return visitorMarket(deps, (await findVisitorTemplate(deps.db, sidHash)) ?? null);
}

export function isLive(visitor: VisitorRow | undefined, now: Date): visitor is VisitorRow {
  return visitor !== undefined && visitor.expiresAt.getTime() > now.getTime();
}

/** Gives the visitor a new captcha answer, replacing any earlier one (image or text). */
async function replaceCaptcha(deps: PromotionDeps, sid: string, answer: string): Promise<void> {
  const sidHash = hashSid(sid);
  const now = deps.now();
  if (!(await setCaptchaOfLiveVisitor(deps.db, sidHash, captchaAnswerHash(sidHash, answer), now))) throw new PromotionError(PromotionCode.SidExpired);
  await deps.captchaLog?.record(sidHash, answer);
}

/** Draws a captcha for the visitor, replacing any earlier one; returns the SVG image. */
export async function issueCaptcha(deps: PromotionDeps, sid: string): Promise<string> {
  const { answer, svg } = drawCaptcha();
  await replaceCaptcha(deps, sid, answer);
  return svg;
}

/**
 * The alternative for visitors who cannot see the image: digits the page spells out in words.
 * A program reads it too, so its SMS also count in a small budget of their own (docs/decisions/064).
 * Returns the digits.
 */
export async function issueTextChallenge(deps: PromotionDeps, sid: string): Promise<string> {
  const answer = textChallengeAnswer();
  await replaceCaptcha(deps, sid, answer);
  return answer;
}

/** Demo mode only: the answer of the visitor's current captcha, for tests. */
export async function currentCaptchaAnswer(deps: PromotionDeps, sid: string): Promise<string | undefined> {
  return deps.captchaLog?.answerFor(hashSid(sid));
}
