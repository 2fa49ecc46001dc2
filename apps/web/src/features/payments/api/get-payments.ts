import { MachinePath, type BorrowerPayments } from '@lend/contracts';
import { callMachine, embeddedMachineAnswer } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';

/** The payments screen's first call; the server renders the page with its answer (decision 100). */
export const paymentsCall: PrefetchableCall = { path: MachinePath.installmentPayments, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };

/** `installment/payments`: the order's receipts, newest first, and its closing once settled. */
export function getPayments(
  order: { orderId: string; productId?: string | undefined },
  loadingText: string,
  signal?: AbortSignal,
): Promise<BorrowerPayments> {
  return callMachine<BorrowerPayments>(paymentsCall.path, callBody(paymentsCall, order), {
    loadingText,
    reusePrefetch: true,
    ...(signal ? { signal } : {}),
  });
}

/** The order's payments when the page came with them (rendered by the server). */
export function paymentsInPage(order: { orderId: string; productId?: string | undefined }): BorrowerPayments | undefined {
  return embeddedMachineAnswer<BorrowerPayments>(paymentsCall.path, callBody(paymentsCall, order));
}
