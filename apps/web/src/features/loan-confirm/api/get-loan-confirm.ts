import { MachinePath, type LoanConfirm } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `loan-detail-confirm` with the product; `reload` adds isType=1 after the countdown (docs/decisions/030). */
export function getLoanConfirm(
  productId: string,
  options: { reload?: boolean; loadingText: string; signal?: AbortSignal },
): Promise<LoanConfirm> {
  return callMachine<LoanConfirm>(
    MachinePath.loanConfirm,
    { productId, ...(options.reload ? { isType: '1' } : {}) },
    { loadingText: options.loadingText, ...(options.signal ? { signal: options.signal } : {}) },
  );
}
