import { ErrorCode } from '@lend/contracts';
import { formatDate, type IsoDate, type Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { productMarket } from './loan-quote';
import { findBorrowerOrder } from './order-repository';
import { findProduct } from './product-repository';

/** An order the borrower could have paid on: its market's dates from the payout to today. */
export type PaidOutOrder = { orderNo: string; market: Market; paidOutOn: IsoDate; today: IsoDate };

/**
 * The borrower's order as a report about their payment needs it. Another borrower's order, or
 * one of another product, reads as not found; an order never paid out has nothing to repay.
 */
export async function borrowerPaidOutOrder(
  db: Queryable,
  borrowerId: number,
  query: { orderNo: string; productId?: number | undefined },
  now = new Date(),
): Promise<PaidOutOrder> {
  const order = await findBorrowerOrder(db, borrowerId, query.orderNo);
  if (!order || (query.productId !== undefined && query.productId !== order.productId)) throw new AppError(ErrorCode.NotFound);
  const product = await findProduct(db, order.productId);
  if (!product) throw new AppError(ErrorCode.NotFound);
  if (!order.disbursedAt) throw new AppError(ErrorCode.NothingToRepay);
  const market = productMarket(product);
  return { orderNo: order.orderNo, market, paidOutOn: formatDate(order.disbursedAt, market), today: formatDate(now, market) };
}
