import { MachinePath, type BorrowerPayments } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `installment/payments`: the order's receipts, newest first, and its closing once settled. */
export function getPayments(
  order: { orderId: string; productId?: string | undefined },
  loadingText: string,
  signal?: AbortSignal,
): Promise<BorrowerPayments> {
  return callMachine<BorrowerPayments>(
    MachinePath.installmentPayments,
    { orderId: order.orderId, ...(order.productId ? { productId: order.productId } : {}) },
    { loadingText, ...(signal ? { signal } : {}) },
  );
}
