import { AppRoute, HashRoute } from '@lend/contracts';

function withQuery(path: string, params: Record<string, string>): string {
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;
}

/** Where the confirmation sends the borrower; the page adds the session params. */
export function orderDetailsUrl(orderNo: string, productId: number): string {
  return withQuery(AppRoute.loanDetails, { orderId: orderNo, productId: String(productId) });
}

/** The signed contract of an order. */
export function contractUrl(orderNo: string): string {
  return withQuery(AppRoute.agreement, { orderId: orderNo });
}

/** The Key Facts Statement an Indian order was agreed with (docs/decisions/143). */
export function keyFactsUrl(orderNo: string): string {
  return withQuery(AppRoute.keyFacts, { orderId: orderNo });
}

/** The confirmation screen of the borrower's offer on a product. */
export function confirmUrl(productId: number): string {
  return withQuery(AppRoute.loanConfirm, { productId: String(productId) });
}

/** The contract the borrower would sign for their current offer on a product. */
export function draftContractUrl(productId: number): string {
  return withQuery(AppRoute.agreement, { productId: String(productId) });
}

/** A product's own repayment page for an order, or '' when it repays on the default screen. */
export function productRepayUrl(repayUrl: string, orderNo: string, productId: number): string {
  return repayUrl ? withQuery(repayUrl, { orderId: orderNo, productId: String(productId) }) : '';
}

/** Paying the order by card: the saved-card screen, which asks the server what the market's card provider offers. */
export function cardPayUrl(orderNo: string, productId: number): string {
  return withQuery(`/#${HashRoute.borrowDetail}`, { orderId: orderNo, productId: String(productId) });
}

/** The receipts of an order that has been paid out. */
export function paymentsUrl(orderNo: string, productId: number): string {
  return withQuery(AppRoute.payments, { orderId: orderNo, productId: String(productId) });
}

/** The default repayment screen of an order. */
export function repaymentUrl(orderNo: string, productId: number): string {
  return withQuery(AppRoute.repayment, { orderId: orderNo, productId: String(productId) });
}
