import { PromotionPath } from '@lend/contracts';
import { callPromotion, type PromotionReply } from './promotion-client';

/** `GET /promotion/get-sid`; the template id ties the visitor to the campaign. */
export function getSid(templateId: string, signal?: AbortSignal, fromPage = false): Promise<PromotionReply<{ sid: string }>> {
  return callPromotion<{ sid: string }>(PromotionPath.getSid, { query: { templateId }, ...(signal ? { signal } : {}), fromPage });
}
