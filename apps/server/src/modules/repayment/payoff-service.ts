import { ErrorCode } from '@lend/contracts';
import { outstanding, isRepaying, type IsoDate, type Market, type PayoffQuote } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { balanceOf, borrowerOrder, orderInstallments, orderPayoffQuote, orderToday, type OrderQuery, type OrderRow } from '../orders';
import { productById, productMarket } from '../products';

/** What settles an order on `today`, as the payment that pays it off would be applied. */
export type PayoffSituation = { order: OrderRow; market: Market; today: IsoDate; outstandingMinor: number; quote: PayoffQuote };

/**
 * The payoff of an order being repaid, worked out exactly as `applyPayment` rebates it: the
 * look-up period exit or the market's early-repayment rule, on the order clock's day. An order not paid out, or settled, has
 * nothing to pay off.
 */
export async function payoffSituation(db: Queryable, order: OrderRow, now: Date): Promise<PayoffSituation> {
  if (!isRepaying(order.statusCode)) throw new AppError(ErrorCode.NothingToRepay);
  const product = await productById(db, order.productId);
  if (!product) throw new AppError(ErrorCode.NotFound);
  const market = productMarket(product);
  const installments = await orderInstallments(db, order.id);
  // The order clock's day, as the details and the overview read it: a sweep that has run ahead
  // of the calendar has already charged the days up to it.
  const today = orderToday(order, market, now);
  const quote = orderPayoffQuote(order, installments, product, today);
  return { order, market, today, outstandingMinor: outstanding(balanceOf(order, installments)), quote };
}

/** What settles the borrower's order today, or from when it may be repaid early. */
export async function borrowerPayoff(db: Queryable, borrowerId: number, query: OrderQuery, now = new Date()): Promise<PayoffSituation> {
  const { order } = await borrowerOrder(db, borrowerId, query);
  return payoffSituation(db, order, now);
}
