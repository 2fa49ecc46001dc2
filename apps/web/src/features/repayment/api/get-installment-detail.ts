import { MachinePath, type InstallmentDetail } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The installment overview's first call; the page's HTML starts it before the scripts load. */
export const installmentDetailCall: PrefetchableCall = { path: MachinePath.installmentDetail, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };

const call = firstCall<InstallmentDetail>(installmentDetailCall);

/** `loan-play-detail`: what to pay now on the order, with its references at each place to pay. */
export const getInstallmentDetail: (order: { orderId: string; productId?: string | undefined }, loadingText: string, signal?: AbortSignal) => Promise<InstallmentDetail> = call.load;

/** What to pay now when the page came with it (rendered by the server). */
export const installmentDetailInPage: (order: { orderId: string; productId?: string | undefined }) => InstallmentDetail | undefined = call.inPage;
