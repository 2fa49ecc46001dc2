import { MachinePath, type LoanConfirm } from '@lend/contracts';
import { callMachine, firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The confirmation's first call: the offer on the product; the server renders the page with its answer (decision 100). */
export const loanConfirmCall: PrefetchableCall = { path: MachinePath.loanConfirm, bodyKeys: ['productId'], requiredKeys: ['productId'] };

const call = firstCall<LoanConfirm>(loanConfirmCall);

/** `loan-detail-confirm` with the product: the offer as it stands. */
export const getLoanConfirm = (productId: string, loadingText: string, signal?: AbortSignal): Promise<LoanConfirm> =>
  call.load({ productId }, loadingText, signal);

/** The offer when the page came with it (rendered by the server). */
export const loanConfirmInPage = (productId: string): LoanConfirm | undefined => call.inPage({ productId });

/** The refreshed terms of a revised offer: the same call with isType=1 after the countdown (docs/decisions/030). */
export function reloadLoanConfirm(productId: string, options: { loadingText: string; signal?: AbortSignal }): Promise<LoanConfirm> {
  return callMachine<LoanConfirm>(
    MachinePath.loanConfirm,
    { productId, isType: '1' },
    { loadingText: options.loadingText, ...(options.signal ? { signal: options.signal } : {}) },
  );
}
