import { MachinePath, type DelayDetail } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `loan-play-delay-detail` for the order (by its number) and its product (spec §7). */
export function getDelayDetail(
  order: { orderId: string; productId?: string | undefined },
  loadingText: string,
  signal?: AbortSignal,
): Promise<DelayDetail> {
  return callMachine<DelayDetail>(
    MachinePath.delayDetail,
    { orderId: order.orderId, ...(order.productId ? { productId: order.productId } : {}) },
    { loadingText, ...(signal ? { signal } : {}) },
  );
}
