import type { IsoDate, Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { extensionEntriesSince } from '../ledger';
import { installmentsDueOfProducts, orderRecipients, settledOrdersSince } from '../orders';
import { allProducts, productMarket } from '../products';
import { withBorrowerPhones } from '../sessions';

/**
 * What the borrower reminders read of the loans (docs/decisions/094): read only, a page at a
 * time by id (`afterId`), each event with the order number, its borrower and phone, and the
 * market of the order's product, which decides the language and the sending window. Each read
 * asks the module that owns the rows: a few statements a page, for a periodic job.
 */
export type LoanRecipient = { orderNo: string; borrowerId: number; phone: string; market: Market };

export type DueInstallment = LoanRecipient & { id: number; dueDate: IsoDate; unpaidMinor: number };
export type AppliedPayment = LoanRecipient & { id: number; receiptNo: string; amountMinor: number; balanceAfterMinor: number };
export type GrantedExtension = LoanRecipient & { paymentId: number; newDueDate: IsoDate };
export type SettledOrder = LoanRecipient & { id: number };

export type EventPage = { afterId: number; limit: number };

/**
 * The payments applied at or after `since`, a page by id. Payments sit above the reminders, so the
 * app hands their read in (the payments module's `paymentsAppliedSince`).
 */
export type PaymentsAppliedSince = (
  db: Queryable,
  since: Date,
  page: EventPage,
) => Promise<{ id: number; orderId: number; receiptNo: string; amountMinor: number; balanceAfterMinor: number }[]>;

/** Each product's market, read once a pass: products are few and their market never changes. */
export type ProductMarkets = ReadonlyMap<number, Market>;

export async function productMarkets(db: Queryable): Promise<ProductMarkets> {
  return new Map((await allProducts(db)).map((product) => [product.id, productMarket(product)]));
}

/** Each row with its order's number, borrower, market and due date; a row naming no order is left out, as a join would. */
async function withOrders<R extends { orderId: number }>(db: Queryable, markets: ProductMarkets, rows: readonly R[]) {
  const orders = new Map((await orderRecipients(db, rows.map((row) => row.orderId))).map((order) => [order.id, order]));
  return rows.flatMap((row) => {
    const order = orders.get(row.orderId);
    const market = order && markets.get(order.productId);
    return order && market ? [{ ...row, orderNo: order.orderNo, borrowerId: order.borrowerId, market, dueDate: order.dueDate }] : [];
  });
}

/** Installments of repaying orders in `market` due from `from` to `to` (market dates) with something unpaid. */
export async function installmentsDueBetween(db: Queryable, markets: ProductMarkets, market: Market, from: IsoDate, to: IsoDate, page: EventPage): Promise<DueInstallment[]> {
  const productIds = [...markets].flatMap(([id, of]) => (of === market ? [id] : []));
  const rows = await installmentsDueOfProducts(db, productIds, from, to, page.afterId, page.limit);
  return (await withBorrowerPhones(db, rows)).map((row) => ({ ...row, market, unpaidMinor: Number(row.unpaidMinor) }));
}

/** Payments applied at or after `since`, each with its receipt number and what was left to pay after it. */
export async function paymentsAppliedSince(db: Queryable, markets: ProductMarkets, read: PaymentsAppliedSince, since: Date, page: EventPage): Promise<AppliedPayment[]> {
  const rows = await withBorrowerPhones(db, await withOrders(db, markets, await read(db, since, page)));
  return rows.map(({ id, receiptNo, amountMinor, balanceAfterMinor, orderNo, borrowerId, phone, market }) => ({ id, receiptNo, amountMinor, balanceAfterMinor, orderNo, borrowerId, phone, market }));
}

/** Extensions granted at or after `since`, by the payment that bought each; the new due date is the order's now. */
export async function extensionsGrantedSince(db: Queryable, markets: ProductMarkets, since: Date, page: EventPage): Promise<GrantedExtension[]> {
  const rows = await withBorrowerPhones(db, await withOrders(db, markets, await extensionEntriesSince(db, since, page.afterId, page.limit)));
  return rows.flatMap(({ paymentId, orderNo, borrowerId, phone, market, dueDate }) =>
    dueDate === null ? [] : [{ paymentId, orderNo, borrowerId, phone, market, newDueDate: dueDate }],
  );
}

export async function ordersSettledSince(db: Queryable, markets: ProductMarkets, since: Date, page: EventPage): Promise<SettledOrder[]> {
  const rows = await settledOrdersSince(db, since, page.afterId, page.limit);
  const labelled = rows.flatMap(({ id, orderNo, borrowerId, productId }) => {
    const market = markets.get(productId);
    return market ? [{ id, orderNo, borrowerId, market }] : [];
  });
  return withBorrowerPhones(db, labelled);
}
