import { PromotionPath } from '@lend/contracts';
import { promotionUrl } from './promotion-client';

/** `GET promotion/get-captcha?sid=&a=`: an image; the timestamp makes every refresh a new request. */
export function captchaUrl(sid: string, stamp: number): string {
  return promotionUrl(PromotionPath.captcha, { sid, a: stamp });
}
