import { MachinePath, type DelayDetail } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The extension page's first call; the server renders the page with its answer (decision 100). */
export const delayDetailCall: PrefetchableCall = { path: MachinePath.delayDetail, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };

const call = firstCall<DelayDetail>(delayDetailCall);

/** `loan-play-delay-detail` for the order (by its number) and its product (docs/decisions/075). */
export const getDelayDetail: (order: { orderId: string; productId?: string | undefined }, loadingText: string, signal?: AbortSignal) => Promise<DelayDetail> = call.load;

/** The extension's detail when the page came with it (rendered by the server). */
export const delayDetailInPage: (order: { orderId: string; productId?: string | undefined }) => DelayDetail | undefined = call.inPage;
