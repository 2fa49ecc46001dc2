import { creditApplicationSchema, CreditPath, creditStandingSchema, type CreditApplication, type CreditStanding } from '@lend/contracts';
import { callMachine, firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/**
 * The apply screen's first call: the product, the profile's completeness and the decision that
 * stands, without applying; the server renders the page with its answer (docs/decisions/100, 241),
 * so a reload, the back button or another tab shows the decision and never applies again.
 */
export const standingCall: PrefetchableCall = { path: CreditPath.decision, bodyKeys: ['productId'], requiredKeys: ['productId'] };

const call = firstCall<CreditStanding>(standingCall);

export const standingOf = (productId: string, loadingText: string, signal?: AbortSignal): Promise<CreditStanding> => call.load({ productId }, loadingText, signal);
export const standingInPage = (productId: string): CreditStanding | undefined => call.inPage({ productId });

/** The same read, validated: after applying, for the confirmation's address. */
export function standingAfterApplying(productId: number): Promise<CreditStanding> {
  return callMachine(CreditPath.decision, { productId }, { encoding: 'json', refusal: 'caller', schema: creditStandingSchema });
}

/** Applies: the server decides once, and a second application while the first stands answers the same decision. */
export function applyFor(productId: number): Promise<CreditApplication> {
  return callMachine(CreditPath.apply, { productId }, { encoding: 'json', refusal: 'caller', schema: creditApplicationSchema });
}
