import { AppRoute, type LoanDetails } from '@lend/contracts';
import { pageHref } from '../../lib/page-links';
import type { PageParams } from '../../lib/page-params';

type Order = Pick<LoanDetails, 'orderNo' | 'productId' | 'h5Url'>;

const orderParams = (order: Order) => ({ orderId: order.orderNo, productId: String(order.productId) });

/** Repay goes to the product's own page when the server names one, else to the repayment screen (docs/decisions/034). */
export function repayHref(order: Order, page: PageParams): string {
  return order.h5Url ? pageHref(order.h5Url, page) : pageHref(AppRoute.repayment, page, orderParams(order));
}

/** The extension (delay) screen for this order. */
export function delayHref(order: Order, page: PageParams): string {
  return pageHref(AppRoute.delay, page, orderParams(order));
}
