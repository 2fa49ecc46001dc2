import { MachinePath, type DelayDetail } from '@lend/contracts';
import { callMachine, embeddedMachineAnswer } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';

/** The extension page's first call; the server renders the page with its answer (decision 100). */
export const delayDetailCall: PrefetchableCall = { path: MachinePath.delayDetail, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };

/** `loan-play-delay-detail` for the order (by its number) and its product (spec §7). */
export function getDelayDetail(
  order: { orderId: string; productId?: string | undefined },
  loadingText: string,
  signal?: AbortSignal,
): Promise<DelayDetail> {
  return callMachine<DelayDetail>(delayDetailCall.path, callBody(delayDetailCall, order), {
    loadingText,
    reusePrefetch: true,
    ...(signal ? { signal } : {}),
  });
}

/** The extension's detail when the page came with it (rendered by the server). */
export function delayDetailInPage(order: { orderId: string; productId?: string | undefined }): DelayDetail | undefined {
  return embeddedMachineAnswer<DelayDetail>(delayDetailCall.path, callBody(delayDetailCall, order));
}
