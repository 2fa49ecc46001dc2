import { loanDetailsSchema, MachinePath, type LoanDetails } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `loan-details` for the order (by its number) and its product. */
export function getLoanDetails(
  order: { orderId: string; productId?: string | undefined },
  loadingText: string,
  signal?: AbortSignal,
): Promise<LoanDetails> {
  return callMachine(
    MachinePath.loanDetails,
    { orderId: order.orderId, ...(order.productId ? { productId: order.productId } : {}) },
    { loadingText, schema: loanDetailsSchema, ...(signal ? { signal } : {}) },
  );
}
