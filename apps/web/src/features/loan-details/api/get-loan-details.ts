import { MachinePath, type LoanDetails } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The order details screen's first call; the page's HTML starts it before the scripts load. */
export const loanDetailsCall: PrefetchableCall = { path: MachinePath.loanDetails, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };

const call = firstCall<LoanDetails>(loanDetailsCall);

/** `loan-details` for the order (by its number) and its product. */
export const getLoanDetails: (order: { orderId: string; productId?: string | undefined }, loadingText: string, signal?: AbortSignal) => Promise<LoanDetails> = call.load;

/** The order's details when the page came with them (rendered by the server). */
export const loanDetailsInPage: (order: { orderId: string; productId?: string | undefined }) => LoanDetails | undefined = call.inPage;
