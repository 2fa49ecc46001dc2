import { AppRoute } from '@lend/contracts';
import { commonQuery, type PageParams } from './page-params';
import { withParams } from './url-params';

/**
 * A borrower page's address with the session params of this page appended, as the native app
 * would open it (the repay, delay and loan details links all carry them).
 */
export function pageHref(url: string, page: PageParams, extra: Record<string, string> = {}): string {
  return withParams(url, { ...Object.fromEntries(commonQuery(page)), ...extra });
}

/** An order's details screen, with this page's session params and product: where a screen about the order leads back to. */
export function orderDetailsHref(page: PageParams, orderNo: string): string {
  return pageHref(AppRoute.loanDetails, page, { orderId: orderNo, ...(page.productId ? { productId: page.productId } : {}) });
}
