import { MachinePath, type LoanDetails } from '@lend/contracts';
import { callMachine, embeddedMachineAnswer } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';

/** The order details screen's first call; the page's HTML starts it before the scripts load. */
export const loanDetailsCall: PrefetchableCall = { path: MachinePath.loanDetails, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };

/** `loan-details` for the order (by its number) and its product; not validated, like every screen's read (decision 100). */
export function getLoanDetails(
  order: { orderId: string; productId?: string | undefined },
  loadingText: string,
  signal?: AbortSignal,
): Promise<LoanDetails> {
  return callMachine<LoanDetails>(loanDetailsCall.path, callBody(loanDetailsCall, order), {
    loadingText,
    reusePrefetch: true,
    ...(signal ? { signal } : {}),
  });
}

/** The order's details when the page came with them (rendered by the server). */
export function loanDetailsInPage(order: { orderId: string; productId?: string | undefined }): LoanDetails | undefined {
  return embeddedMachineAnswer<LoanDetails>(loanDetailsCall.path, callBody(loanDetailsCall, order));
}
