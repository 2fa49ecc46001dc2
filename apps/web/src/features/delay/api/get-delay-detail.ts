import { delayDetailSchema, MachinePath, type DelayDetail } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `loan-play-delay-detail` for the order (by its number) and its product (docs/decisions/075). */
export function getDelayDetail(
  order: { orderId: string; productId?: string | undefined },
  loadingText: string,
  signal?: AbortSignal,
): Promise<DelayDetail> {
  return callMachine(
    MachinePath.delayDetail,
    { orderId: order.orderId, ...(order.productId ? { productId: order.productId } : {}) },
    { loadingText, schema: delayDetailSchema, ...(signal ? { signal } : {}) },
  );
}
