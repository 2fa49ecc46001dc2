import { MachinePath, type InstallmentDetail } from '@lend/contracts';
import { callMachine, embeddedMachineAnswer } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';

/** The installment overview's first call; the page's HTML starts it before the scripts load. */
export const installmentDetailCall: PrefetchableCall = { path: MachinePath.installmentDetail, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };

/** `loan-play-detail`: what to pay now on the order, with its references at each place to pay. */
export function getInstallmentDetail(
  order: { orderId: string; productId?: string | undefined },
  loadingText: string,
  signal?: AbortSignal,
): Promise<InstallmentDetail> {
  return callMachine(installmentDetailCall.path, callBody(installmentDetailCall, order), {
    loadingText,
    reusePrefetch: true,
    ...(signal ? { signal } : {}),
  });
}

/** What to pay now when the page came with it (rendered by the server). */
export function installmentDetailInPage(order: { orderId: string; productId?: string | undefined }): InstallmentDetail | undefined {
  return embeddedMachineAnswer<InstallmentDetail>(installmentDetailCall.path, callBody(installmentDetailCall, order));
}
