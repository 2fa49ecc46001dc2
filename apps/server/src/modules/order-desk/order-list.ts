import type { DelinquencyView, ListFilters, orderListQuerySchema, OrderSummary, Page, PageQuery } from '@lend/contracts';
import { MARKET_SETTINGS, type Market } from '@lend/domain';
import type { Db } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { latenessOf } from '../collections';
import { orderPage, type OrderRow } from '../orders';
import { productMarket } from '../products';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What an order's summary shows of its product. */
export type SummaryProduct = { code: string; name: string; market: Market };

/** The product as a summary shows it, from its row; an order's product is never removed. */
export function summaryProduct(product: { code: string; name: string; market: string } | undefined): SummaryProduct {
  if (!product) throw new Error('order without its product');
  return { code: product.code, name: product.name, market: productMarket(product) };
}

/** Each borrower's legal name by id ('' when they gave none yet), asked of the module that holds profiles. */
export type BorrowerNames = (db: Db, borrowerIds: readonly number[]) => Promise<Map<number, string>>;

/** An order's lateness as operators read it, from the row the clock keeps (docs/decisions/242). */
export function delinquencyView(row: { daysPastDue: number; bucket: string | null; lateSince: string | null; asOf: string; writtenOffOn: string | null } | undefined): DelinquencyView | null {
  return row ? { daysPastDue: row.daysPastDue, bucket: row.bucket, lateSince: row.lateSince, asOf: row.asOf, writtenOffOn: row.writtenOffOn } : null;
}

export function orderSummary(order: OrderRow, product: SummaryProduct, borrowerName: string | null = null, delinquency: DelinquencyView | null = null): OrderSummary {
  return {
    orderNo: order.orderNo,
    userId: order.borrowerId,
    productId: order.productId,
    productCode: product.code,
    productName: product.name,
    market: product.market,
    currency: MARKET_SETTINGS[product.market].currency,
    borrowerName,
    status: order.statusCode,
    principalMinor: order.principalMinor,
    disbursalMinor: order.disbursalMinor,
    discountMinor: order.discountMinor,
    totalRepayableMinor: order.totalRepayableMinor,
    penaltyMinor: order.penaltyMinor,
    penaltyPaidMinor: order.penaltyPaidMinor,
    creditMinor: order.creditMinor,
    extensionsUsed: order.extensionsUsed,
    termDays: order.termDays,
    periods: order.periods,
    dueDate: order.dueDate,
    score: order.score,
    createdAt: order.createdAt.toISOString(),
    approvedAt: iso(order.approvedAt),
    disbursedAt: iso(order.disbursedAt),
    settledAt: iso(order.settledAt),
    delinquency,
  };
}

/** One page of the operator's orders with the list's filters, each naming its borrower (docs/decisions/235). */
export async function operatorOrderPage(db: Db, borrowerNames: BorrowerNames, filters: ListFilters<typeof orderListQuerySchema>, query: PageQuery): Promise<Page<OrderSummary>> {
  const page = pageRequest(query, idCursor);
  const rows = await orderPage(db, { borrowerId: filters.userId, status: filters.status, orderNo: filters.orderNo }, page);
  const names = await borrowerNames(db, [...new Set(rows.map((order) => order.borrowerId))]);
  const lateness = await latenessOf(
    db,
    rows.map((order) => order.id),
  );
  return toPage(
    rows,
    page,
    (order) => [order.id],
    (order) => orderSummary(order, { code: order.productCode, name: order.productName, market: order.market }, names.get(order.borrowerId) ?? '', delinquencyView(lateness.get(order.id))),
  );
}
