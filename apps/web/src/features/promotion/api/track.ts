import { PromotionPath } from '@lend/contracts';
import type { ClientType, LandingParams } from '../landing-params';
import { trackingQuery } from '../landing-params';
import { callPromotion } from './promotion-client';

/** Tracking must never get in the visitor's way: failures are dropped. */
function quietly(call: Promise<unknown>): void {
  call.catch(() => undefined);
}

/** `GET /promotion/track-visit` once the landing shows. */
export function trackVisit(params: LandingParams, clientType: ClientType): void {
  quietly(callPromotion(PromotionPath.trackVisit, { query: trackingQuery(params, clientType) }));
}

/** `GET /promotion/track-click` when Register is tapped. */
export function trackClick(params: LandingParams, clientType: ClientType, phone: string): void {
  quietly(callPromotion(PromotionPath.trackClick, { query: { ...trackingQuery(params, clientType), phone } }));
}
