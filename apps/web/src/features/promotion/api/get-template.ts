import { PromotionPath, type PromoLanding } from '@lend/contracts';
import { callPromotion, type PromotionReply } from './promotion-client';

/** `GET /service/channel/channel-template?templateId=`. */
export function getTemplate(templateId: string, signal?: AbortSignal, fromPage = false): Promise<PromotionReply<PromoLanding>> {
  return callPromotion<PromoLanding>(PromotionPath.template, { query: { templateId }, ...(signal ? { signal } : {}), fromPage });
}
