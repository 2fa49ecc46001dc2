import { PROMOTION_MERCHANT_NUMBER, PromotionPath } from '@lend/contracts';
import type { LandingParams } from '../landing-params';
import { callPromotion, type PromotionReply } from './promotion-client';
import { smsPayload, type SmsFields } from './request-sms';

/** `POST /promotion/register` with the SMS payload, the SMS code and the campaign's fields. */
export function register(fields: SmsFields & { smsCode: string }, params: LandingParams): Promise<PromotionReply> {
  return callPromotion(PromotionPath.register, {
    body: {
      ...smsPayload(fields, params),
      merchantNumber: PROMOTION_MERCHANT_NUMBER,
      userName: fields.phone,
      smsCode: fields.smsCode,
      invite_code: params.inviteCode,
      id: params.templateId,
    },
  });
}
