import { MachinePath, type ChannelFees } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The fee table's first call; the server renders the page with its answer (decision 100). */
export const channelFeesCall: PrefetchableCall = { path: MachinePath.channelFees, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };

const call = firstCall<ChannelFees>(channelFeesCall);

/** `channel-fees`: each place to pay in the order's market, with its fee and the amounts it takes. */
export const getChannelFees: (order: { orderId: string; productId?: string | undefined }, loadingText: string, signal?: AbortSignal) => Promise<ChannelFees> = call.load;

/** The fee table when the page came with it (rendered by the server). */
export const channelFeesInPage: (order: { orderId: string; productId?: string | undefined }) => ChannelFees | undefined = call.inPage;
