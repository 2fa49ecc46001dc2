import { ErrorCode } from '@lend/contracts';
import type { Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { productMarket } from './loan-quote';
import { findBorrowerOrder, type OrderRow } from './order-repository';
import { findChannel } from './payment-channel-repository';
import { listOrderPayments, type PaymentRow } from './payment-repository';
import { payoffSituation, type PayoffSituation } from './payoff-service';
import { findProduct } from './product-repository';

type OrderQuery = { orderNo: string; productId?: number | undefined };

/** The borrower's own order; another borrower's, or one of another product, reads as not found. */
async function ownOrder(db: Queryable, borrowerId: number, query: OrderQuery): Promise<{ order: OrderRow; market: Market }> {
  const order = await findBorrowerOrder(db, borrowerId, query.orderNo);
  if (!order || (query.productId !== undefined && query.productId !== order.productId)) throw new AppError(ErrorCode.NotFound);
  const product = await findProduct(db, order.productId);
  if (!product) throw new AppError(ErrorCode.NotFound);
  return { order, market: productMarket(product) };
}

export type OrderReceipts = {
  order: OrderRow;
  market: Market;
  payments: PaymentRow[];
  /** The name of each channel the payments came through, by its code. */
  channelNames: ReadonlyMap<string, string>;
};

/** The order's receipts, newest first, with the names of the channels they were paid at. */
export async function borrowerReceipts(db: Queryable, borrowerId: number, query: OrderQuery): Promise<OrderReceipts> {
  const { order, market } = await ownOrder(db, borrowerId, query);
  const payments = await listOrderPayments(db, order.id);
  const codes = [...new Set(payments.map((payment) => payment.channelCode).filter((code) => code !== ''))];
  const channels = await Promise.all(codes.map((code) => findChannel(db, code)));
  const channelNames = new Map(channels.flatMap((channel) => (channel ? [[channel.code, channel.name] as const] : [])));
  return { order, market, payments, channelNames };
}

/** What settles the borrower's order today, or from when it may be repaid early. */
export async function borrowerPayoff(db: Queryable, borrowerId: number, query: OrderQuery, now = new Date()): Promise<PayoffSituation> {
  const { order } = await ownOrder(db, borrowerId, query);
  return payoffSituation(db, order, now);
}
