import { BorrowerCollectionsPath, borrowerPromisesSchema, type BorrowerPromises } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** JSON as the native app sends it; a refusal is the screen's to show next to its field. */
const CALL = { encoding: 'json', refusal: 'caller' } as const;

/** The order's promises and the limits of a new one. */
export function orderPromises(orderNo: string, signal: AbortSignal): Promise<BorrowerPromises> {
  return callMachine(BorrowerCollectionsPath.promises, { orderId: orderNo }, { ...CALL, schema: borrowerPromisesSchema, signal });
}

/** "I will pay this on that day": the answer is the order's promises with the new one. */
export function promiseToPay(orderNo: string, amountMinor: number, promisedOn: string): Promise<BorrowerPromises> {
  return callMachine(BorrowerCollectionsPath.promise, { orderId: orderNo, amountMinor, promisedOn }, { ...CALL, schema: borrowerPromisesSchema });
}
