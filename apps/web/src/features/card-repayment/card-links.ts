import { HashRoute } from '@lend/contracts';
import { pageHref } from '../../lib/page-links';
import type { PageParams } from '../../lib/page-params';

/** The order a card screen is about, as the addresses between them carry it. */
export type CardOrder = { orderId: string; productId?: string | undefined };

/** What `#/borrowDetail/` reads beyond the session params. */
export type BorrowDetailRequest = CardOrder & {
  /** The card to preselect (the one just added). */
  cardId?: number | undefined;
  /** A repayment to show the result of (back from the checkout page). */
  repayRecordId?: string | undefined;
};

/** What `#/addnormalcard` and `#/alipayrepayment` read: the order and the amount (minor units). */
export type CardPaymentRequest = CardOrder & { amount: number };

const text = (query: URLSearchParams, key: string) => query.get(key)?.trim() || undefined;
const productOf = (query: URLSearchParams) => {
  const productId = text(query, 'productId');
  return productId ? { productId } : {};
};

/** The order of any card page's address; null without one. */
export function readCardOrder(query: URLSearchParams): CardOrder | null {
  const orderId = text(query, 'orderId');
  return orderId ? { orderId, ...productOf(query) } : null;
}

export function readBorrowDetailRequest(query: URLSearchParams): BorrowDetailRequest | null {
  const order = readCardOrder(query);
  if (!order) return null;
  const cardId = Number(text(query, 'cardId'));
  const repayRecordId = text(query, 'repayRecordId');
  return {
    ...order,
    ...(Number.isInteger(cardId) && cardId > 0 ? { cardId } : {}),
    ...(repayRecordId ? { repayRecordId } : {}),
  };
}

/** The order and `withholdingAmount` of the add-card and redirect pages; null when either is missing. */
export function readCardPaymentRequest(query: URLSearchParams): CardPaymentRequest | null {
  const order = readCardOrder(query);
  const amountText = text(query, 'withholdingAmount') ?? '';
  const amount = Number(amountText);
  if (!order || !/^\d+$/.test(amountText) || amount <= 0) return null;
  return { ...order, amount };
}

const orderParams = (order: CardOrder) => ({ ...(order.productId ? { productId: order.productId } : {}), orderId: order.orderId });

/** Borrow detail with the session params, optionally preselecting a card or showing a repayment. */
export function borrowDetailHref(page: PageParams, request: BorrowDetailRequest): string {
  return pageHref(HashRoute.borrowDetail, page, {
    ...orderParams(request),
    ...(request.cardId !== undefined ? { cardId: String(request.cardId) } : {}),
    ...(request.repayRecordId ? { repayRecordId: request.repayRecordId } : {}),
  });
}

/** Add a card, coming from the payment (`from=payway`); no coupons exist, so their fields stay empty. */
export function addCardHref(page: PageParams, payment: CardPaymentRequest): string {
  return pageHref(HashRoute.addNormalCard, page, {
    ...orderParams(payment),
    couponMoney: '',
    couponId: '',
    withholdingAmount: String(payment.amount),
    from: 'payway',
  });
}

/** The redirect (alipay-style) payment of the same amount. */
export function redirectPaymentHref(page: PageParams, payment: CardPaymentRequest): string {
  return pageHref(HashRoute.alipayRepayment, page, {
    ...orderParams(payment),
    withholdingAmount: String(payment.amount),
    from: 'payway',
  });
}

/** The same address with the shown repayment named (a reload shows it again) or dropped (try again). */
export function withRepayRecord(search: string, repayRecordId: string | null): string {
  const query = new URLSearchParams(search);
  if (repayRecordId) query.set('repayRecordId', repayRecordId);
  else query.delete('repayRecordId');
  return `?${query}`;
}
