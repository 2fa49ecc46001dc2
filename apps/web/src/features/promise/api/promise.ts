import { BorrowerCollectionsPath, BorrowerPlanPath, borrowerPromisesSchema, type BorrowerPlanRequest, type BorrowerPromises } from '@lend/contracts';
import { callMachine, firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The promise screen's first call: the server renders the page with its answer (docs/decisions/100, 243). */
export const promisesCall: PrefetchableCall = { path: BorrowerCollectionsPath.promises, bodyKeys: ['orderId'], requiredKeys: ['orderId'] };

const call = firstCall<BorrowerPromises>(promisesCall);

/** The order's promises and the limits of a new one. */
export const orderPromises = (orderNo: string, loadingText: string, signal: AbortSignal): Promise<BorrowerPromises> => call.load({ orderId: orderNo }, loadingText, signal);

/** The same when the page came with it. */
export const orderPromisesInPage = (orderNo: string): BorrowerPromises | undefined => call.inPage({ orderId: orderNo });

/** "I will pay this on that day": the answer is the order's promises with the new one. */
export function promiseToPay(orderNo: string, amountMinor: number, promisedOn: string): Promise<BorrowerPromises> {
  return callMachine(BorrowerCollectionsPath.promise, { orderId: orderNo, amountMinor, promisedOn }, { encoding: 'json', refusal: 'caller', schema: borrowerPromisesSchema });
}

/** "I can pay this each week (or fortnight), because…": the answer is the order's screen with the request waiting. */
export function askForPlan(request: BorrowerPlanRequest): Promise<BorrowerPromises> {
  return callMachine(BorrowerPlanPath.planRequest, request, { encoding: 'json', refusal: 'caller', schema: borrowerPromisesSchema });
}
