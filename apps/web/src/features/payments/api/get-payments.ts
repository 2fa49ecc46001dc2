import { MachinePath, type BorrowerPayments } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The payments screen's first call; the server renders the page with its answer (decision 100). */
export const paymentsCall: PrefetchableCall = { path: MachinePath.installmentPayments, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };

const call = firstCall<BorrowerPayments>(paymentsCall);

/** `installment/payments`: the order's receipts, newest first, and its closing once settled. */
export const getPayments: (order: { orderId: string; productId?: string | undefined }, loadingText: string, signal?: AbortSignal) => Promise<BorrowerPayments> = call.load;

/** The order's payments when the page came with them (rendered by the server). */
export const paymentsInPage: (order: { orderId: string; productId?: string | undefined }) => BorrowerPayments | undefined = call.inPage;
