import { PROMOTION_APP_NAME, PromotionPath } from '@lend/contracts';
import type { LandingParams } from '../landing-params';
import { callPromotion, type PromotionReply } from './promotion-client';

export type SmsFields = { phone: string; capcode: string; sid: string };

/** The `get-sms` payload; the registration payload extends it. */
export function smsPayload(fields: SmsFields, params: LandingParams) {
  return {
    phone: fields.phone,
    capcode: fields.capcode,
    sid: fields.sid,
    deviceId: fields.sid,
    appName: PROMOTION_APP_NAME,
    app_from: params.appFrom,
    user_from: params.userFrom,
    utm_tag: params.utmTag,
  };
}

/** `POST /promotion/get-sms`. */
export function requestSms(fields: SmsFields, params: LandingParams): Promise<PromotionReply> {
  return callPromotion(PromotionPath.sms, { body: smsPayload(fields, params) });
}
