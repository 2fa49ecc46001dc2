import { PromotionPath } from '@lend/contracts';
import { callPromotion, type PromotionReply } from './promotion-client';

/** `GET /promotion/get-captcha-text?sid=`: the captcha as a spelt-out question, for a screen reader. */
export function getTextChallenge(sid: string): Promise<PromotionReply<{ question: string }>> {
  return callPromotion<{ question: string }>(PromotionPath.captchaText, { query: { sid } });
}
