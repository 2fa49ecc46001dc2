import { AccountLimits } from '@lend/contracts';
import { isRepaying, MARKET_SETTINGS, MARKETS, type Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { contractUrl, orderDetailsUrl, productRepayUrl, repaymentUrl } from './loan-links';
import { listNewestBorrowerOrders } from './order-repository';

/** One of the borrower's orders for the native app's list: values only; the caller writes the texts. */
export type BorrowerOrder = {
  orderNo: string;
  productId: number;
  productName: string;
  statusCode: number;
  currency: 'MXN' | 'INR';
  principalMinor: number;
  totalRepayableMinor: number;
  createdAt: Date;
  dueDate: string | null;
  settledAt: Date | null;
  /** Web-view addresses without the session params; '' when the screen does not apply. */
  links: { details: string; repay: string; contract: string };
};

/**
 * The borrower's newest orders (at most `AccountLimits.ordersListMax`), newest first, and whether
 * there are older ones. Only this borrower's orders are read.
 */
export async function newestBorrowerOrders(db: Queryable, borrowerId: number): Promise<{ orders: BorrowerOrder[]; more: boolean }> {
  const rows = await listNewestBorrowerOrders(db, borrowerId, AccountLimits.ordersListMax);
  const orders = rows.slice(0, AccountLimits.ordersListMax).map((row) => ({
    orderNo: row.orderNo,
    productId: row.productId,
    productName: row.productName,
    statusCode: row.statusCode,
    currency: MARKET_SETTINGS[marketOf(row.market)].currency,
    principalMinor: row.principalMinor,
    totalRepayableMinor: row.totalRepayableMinor,
    createdAt: row.createdAt,
    dueDate: row.dueDate,
    settledAt: row.settledAt,
    links: {
      details: orderDetailsUrl(row.orderNo, row.productId),
      repay: isRepaying(row.statusCode)
        ? productRepayUrl(row.repayUrl, row.orderNo, row.productId) || repaymentUrl(row.orderNo, row.productId)
        : '',
      contract: row.hasContract ? contractUrl(row.orderNo) : '',
    },
  }));
  return { orders, more: rows.length > AccountLimits.ordersListMax };
}

/** A product's market; the table's check allows only the two. */
function marketOf(value: string): Market {
  return MARKETS.find((market) => market === value) ?? 'MX';
}
