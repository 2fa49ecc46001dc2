import { installmentDetailSchema, MachinePath, type InstallmentDetail } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `loan-play-detail`: what to pay now on the order, with its references at each place to pay. */
export function getInstallmentDetail(
  order: { orderId: string; productId?: string | undefined },
  loadingText: string,
  signal?: AbortSignal,
): Promise<InstallmentDetail> {
  return callMachine(
    MachinePath.installmentDetail,
    { orderId: order.orderId, ...(order.productId ? { productId: order.productId } : {}) },
    { loadingText, schema: installmentDetailSchema, ...(signal ? { signal } : {}) },
  );
}
