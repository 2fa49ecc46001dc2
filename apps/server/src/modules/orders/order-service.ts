import { AccountLimits, ErrorCode, isValidScore, LOAN_STATUS_CODES, LoanStatus } from '@lend/contracts';
import { AWAITING_PAYOUT_STATUSES, canRate, daysBetween, formatDate, isRepaying, MARKET_SETTINGS, MARKETS, OPEN_STATUSES, REPAYING_STATUSES, type IsoDate, type Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { AppError } from '../../errors';
import { productById, productMarket, productsByIds, type ProductRow } from '../products';
import { refuseProductOfOtherMarket } from './market-refusal';
import { checkedOrdersInIdRange, type CheckedOrder } from './checked-orders-repository';
import { installmentsOfOrders, listInstallments, type InstallmentRow } from './installment-repository';
import { contractUrl, orderDetailsUrl, productRepayUrl, repaymentUrl } from './loan-links';
import {
  findBorrowerOrder,
  findBorrowerOrderSummary,
  findOrderById,
  findOrderNumbersAndProducts,
  findOrderByNo,
  listOrders,
  listBorrowerOrderSummaries,
  listNewestBorrowerOrders,
  oldestOrderInStatuses,
  openOrderOf,
  anyOrderWithCredit,
  orderNumbersOf,
  lastOrderId,
  ordersOfBorrower,
  saveScore,
  saveScoreDismissal,
  type OrderListFilter,
  type OrderRow,
  type OrderSummaryColumns,
  type OrderSummaryRow,
} from './order-repository';

// Routes shape rows into summaries, so they need the row types but not the repositories.
export type { OrderRow, OrderSummaryRow } from './order-repository';

/** An order in the operator's list, with its product's code. */
export type OrderListRow = OrderRow & { productCode: string; productName: string; market: Market };

/**
 * Each row with what it shows of its product, asked of the products module in one read (orders do
 * not join the table products own: docs/decisions/210); a row whose product is gone is left out, as a join would.
 */
async function withProducts<R extends { productId: number }, F extends object>(db: Queryable, rows: readonly R[], pick: (product: ProductRow) => F): Promise<(R & F)[]> {
  const found = await productsByIds(
    db,
    rows.map((row) => row.productId),
  );
  return rows.flatMap((row) => {
    const product = found.get(row.productId);
    return product ? [{ ...row, ...pick(product) }] : [];
  });
}

/** Order summaries as other modules show them: their product's name, logo and market beside the order's own columns. */
async function summariesOf(db: Queryable, rows: readonly OrderSummaryColumns[]): Promise<OrderSummaryRow[]> {
  const found = await withProducts(db, rows, (product) => ({ productName: product.name, productLogo: product.logoUrl, market: product.market }));
  return found.map(({ productId: _product, ...summary }) => summary);
}

export type OrderQuery = { orderNo: string; productId?: number | undefined };

/**
 * The borrower's own order with its product; another borrower's, or one of another product, reads
 * as not found, unless the product asked for is of another market than the borrower's: that is
 * refused as such (docs/decisions/132).
 */
export async function borrowerOrder(db: Queryable, borrowerId: number, query: OrderQuery): Promise<{ order: OrderRow; product: ProductRow; market: Market }> {
  const order = await findBorrowerOrder(db, borrowerId, query.orderNo);
  if (!order || (query.productId !== undefined && query.productId !== order.productId)) {
    await refuseProductOfOtherMarket(db, borrowerId, query.productId);
    throw new AppError(ErrorCode.NotFound);
  }
  const product = await productById(db, order.productId);
  if (!product) throw new AppError(ErrorCode.NotFound);
  return { order, product, market: productMarket(product) };
}

/** An order the borrower could have paid on: its market's dates from the payout to today. */
export type PaidOutOrder = { orderNo: string; market: Market; paidOutOn: IsoDate; today: IsoDate };

/**
 * The borrower's order as a report about their payment needs it. Another borrower's order, or
 * one of another product, reads as not found; an order never paid out has nothing to repay.
 */
export async function borrowerPaidOutOrder(db: Queryable, borrowerId: number, query: OrderQuery, now = new Date()): Promise<PaidOutOrder> {
  const { order, market } = await borrowerOrder(db, borrowerId, query);
  if (!order.disbursedAt) throw new AppError(ErrorCode.NothingToRepay);
  return { orderNo: order.orderNo, market, paidOutOn: formatDate(order.disbursedAt, market), today: formatDate(now, market) };
}

/** The order with this number, whoever's it is (operators, providers' reports). */
export function orderByNumber(db: Queryable, orderNo: string): Promise<OrderRow | undefined> {
  return findOrderByNo(db, orderNo);
}

/** The order's plan, in plan order. */
export function orderInstallments(db: Queryable, orderId: number): Promise<InstallmentRow[]> {
  return listInstallments(db, orderId);
}

/** The orders with ids in (afterId, throughId], each with its plan, as the ledger check reads them: a pass over every order one range at a time. */
export function checkedOrdersInRange(db: Queryable, afterId: number, throughId: number): Promise<CheckedOrder[]> {
  return checkedOrdersInIdRange(db, afterId, throughId);
}

/** The highest order id so far (0 with no orders): where a pass over every order ends. */
export function highestOrderId(db: Queryable): Promise<number> {
  return lastOrderId(db);
}

/** An order's number and market, for a record that names the order by id. */
export async function orderOutline(db: Queryable, orderId: number): Promise<{ orderNo: string; market: Market }> {
  const order = await findOrderById(db, orderId);
  const product = order ? await productById(db, order.productId) : undefined;
  if (!order || !product) throw new AppError(ErrorCode.NotFound);
  return { orderNo: order.orderNo, market: productMarket(product) };
}

/** One page of orders, oldest first; every borrower's unless `borrowerId` is given. */
export async function orderPage(db: Queryable, filter: OrderListFilter, page: PageRequest<readonly [number]>): Promise<OrderListRow[]> {
  return withProducts(db, await listOrders(db, filter, page), (product) => ({ productCode: product.code, productName: product.name, market: productMarket(product) }));
}

/** The numbers of the orders with these ids. */
export function orderNumbers(db: Queryable, orderIds: readonly number[]): Promise<Map<number, string>> {
  return orderNumbersOf(db, orderIds);
}

/** Stores the borrower's rating of an order once; a score outside 1..5 or a second one changes nothing. */
export async function scoreOrder(db: Queryable, borrowerId: number, orderNo: string, score: number, now = new Date()): Promise<void> {
  if (!isValidScore(score)) throw new AppError(ErrorCode.ScoreRequired);
  const order = await findBorrowerOrder(db, borrowerId, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  if (order.score !== null) throw new AppError(ErrorCode.AlreadyScored);
  if (!canRate(order.statusCode, false)) throw new AppError(ErrorCode.ScoreNotOpen);
  if (!(await saveScore(db, order.id, score, now))) throw new AppError(ErrorCode.AlreadyScored);
}

/**
 * The borrower closed the rating question without rating: the order does not ask again, on any
 * device (docs/decisions/234). Closing it again, or after a rating, changes nothing.
 */
export async function dismissOrderRating(db: Queryable, borrowerId: number, orderNo: string, now = new Date()): Promise<void> {
  const order = await findBorrowerOrder(db, borrowerId, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  if (order.score !== null || order.scoreDismissedAt !== null) return;
  if (!canRate(order.statusCode, false)) throw new AppError(ErrorCode.ScoreNotOpen);
  await saveScoreDismissal(db, order.id, now);
}

/** The borrower's oldest order still being repaid (paid out, due or overdue), if any: the preview's repayment and extension links open it. */
export function oldestRepayingOrder(db: Queryable, borrowerId: number): Promise<{ orderNo: string; productId: number } | undefined> {
  return oldestOrderInStatuses(db, borrowerId, REPAYING_STATUSES);
}

/** The borrower's orders, newest first, as other modules show them. */
export async function borrowerOrderSummaries(db: Queryable, borrowerId: number): Promise<OrderSummaryRow[]> {
  return summariesOf(db, await listBorrowerOrderSummaries(db, borrowerId));
}

/** One of the borrower's orders by number; another borrower's reads as missing. */
export async function borrowerOrderSummary(db: Queryable, borrowerId: number, orderNo: string): Promise<OrderSummaryRow | undefined> {
  const row = await findBorrowerOrderSummary(db, borrowerId, orderNo);
  if (!row) return undefined;
  const [summary] = await summariesOf(db, [row]);
  return summary;
}

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

/** A product's market; the table's check allows only the two. */
function marketOf(value: string): Market {
  return MARKETS.find((market) => market === value) ?? 'MX';
}

/**
 * The borrower's newest orders (at most `AccountLimits.ordersListMax`), newest first, and whether
 * there are older ones. Only this borrower's orders are read.
 */
export async function newestBorrowerOrders(db: Queryable, borrowerId: number): Promise<{ orders: BorrowerOrder[]; more: boolean }> {
  const rows = await withProducts(db, await listNewestBorrowerOrders(db, borrowerId, AccountLimits.ordersListMax), (product) => ({
    productName: product.name,
    market: product.market,
    repayUrl: product.repayUrl,
  }));
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
      repay: isRepaying(row.statusCode) ? productRepayUrl(row.repayUrl, row.orderNo, row.productId) || repaymentUrl(row.orderNo, row.productId) : '',
      contract: row.hasContract ? contractUrl(row.orderNo) : '',
    },
  }));
  return { orders, more: rows.length > AccountLimits.ordersListMax };
}

/**
 * Whether the borrower still owes, or may yet owe, money: an order under review, being paid out,
 * or repaying. Settled and rejected orders are closed.
 */
export async function hasOpenLoan(db: Queryable, borrowerId: number): Promise<boolean> {
  return (await openOrderOf(db, borrowerId, OPEN_STATUSES)) !== undefined;
}

/** Whether an order of the borrower is under review or approved and not yet paid out (docs/decisions/136). */
export async function awaitsPayout(db: Queryable, borrowerId: number): Promise<boolean> {
  return (await openOrderOf(db, borrowerId, AWAITING_PAYOUT_STATUSES)) !== undefined;
}

/** Whether the borrower has ever placed an order, whatever became of it. */
export async function hasPlacedOrder(db: Queryable, borrowerId: number): Promise<boolean> {
  return (await openOrderOf(db, borrowerId, LOAN_STATUS_CODES)) !== undefined;
}

/** Whether an order of the borrower holds their credit (money paid beyond what was owed) not yet returned. */
export function holdsCredit(db: Queryable, borrowerId: number): Promise<boolean> {
  return anyOrderWithCredit(db, borrowerId);
}

/** The borrower's orders with their plans, oldest first, for their data download. */
export async function borrowerOrdersWithPlans(db: Queryable, borrowerId: number) {
  const orders = await withProducts(db, await ordersOfBorrower(db, borrowerId), (product) => ({ productName: product.name, market: product.market }));
  const installments = await installmentsOfOrders(db, orders.map((order) => order.id));
  return orders.map(({ productId: _product, ...order }) => ({
    ...order,
    installments: installments.filter((row) => row.orderId === order.id).map(({ id: _row, orderId: _order, ...rest }) => rest),
  }));
}

/**
 * What another module shows of an order it refers to: the number the borrower knows it by, and
 * its product's market (the currency and time zone its dates and amounts are shown in).
 */
export type OrderLabel = { orderNo: string; market: Market };

/** Each row with its order's label, in the rows' order; a row naming no order is left out, as a join would. */
export async function withOrderLabels<R extends { orderId: number }>(db: Queryable, rows: readonly R[]): Promise<(R & OrderLabel)[]> {
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  if (orderIds.length === 0) return [];
  const found = await withProducts(db, await findOrderNumbersAndProducts(db, orderIds), (product) => ({ market: product.market }));
  const labels = new Map(found.map((order) => [order.id, { orderNo: order.orderNo, market: productMarket(order) }]));
  return rows.flatMap((row) => {
    const label = labels.get(row.orderId);
    return label ? [{ ...row, ...label }] : [];
  });
}

/**
 * This lender's own history with the borrower, for a credit decision (docs/decisions/140): loans
 * settled with every installment paid by its due date, the most days any installment was paid
 * late (an unpaid one past its due date counts until today), and whether a loan is overdue now.
 * Payment days are read in the loan's market.
 */
export async function lendingHistoryOf(db: Queryable, borrowerId: number, now: Date): Promise<{ settledOnTime: number; worstDaysLate: number; overdueNow: boolean }> {
  let settledOnTime = 0;
  let worstDaysLate = 0;
  let overdueNow = false;
  for (const order of await borrowerOrdersWithPlans(db, borrowerId)) {
    const market = productMarket(order);
    const today = formatDate(now, market);
    if (order.statusCode === LoanStatus.Overdue) overdueNow = true;
    let late = 0;
    for (const installment of order.installments) {
      if (!installment.dueDate) continue;
      const paidOn = installment.paidAt ? formatDate(installment.paidAt, market) : today;
      if (installment.paidAt || paidOn > installment.dueDate) late = Math.max(late, daysBetween(installment.dueDate, paidOn));
    }
    worstDaysLate = Math.max(worstDaysLate, late);
    if (order.statusCode === LoanStatus.Settled && late === 0) settledOnTime += 1;
  }
  return { settledOnTime, worstDaysLate, overdueNow };
}
