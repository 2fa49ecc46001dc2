import { ErrorCode, LoanStatus } from '@lend/contracts';
import { canRate, formatDate, isRepaying, type IsoDate, type Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { findBorrowerOrderDetails } from './details-repository';
import { productById, productMarket, type ProductRow } from '../products';
import { extensionOffer } from './order-balance';
import type { InstallmentRow } from './installment-repository';
import { refuseProductOfOtherMarket } from './market-refusal';
import type { OrderRow } from './order-repository';

/** Where the order's payout stands, as the payouts module tells it (docs/decisions/152); handed in by the app. */
export type PayoutStanding = { state: 'sending' | 'paid' | 'check-account' | 'no-account' | 'waiting'; accountLast4: string | null; transferRef: string | null };
export type PayoutStandingOf = (db: Queryable, orderId: number) => Promise<PayoutStanding | undefined>;

/** An order as its details screen needs it: the rows, the market's today, and what the borrower may do. */
export type OrderDetails = {
  order: OrderRow;
  product: ProductRow;
  market: Market;
  installments: InstallmentRow[];
  today: IsoDate;
  repaying: boolean;
  /** Paid out at some point (repaying or settled): it has a payments screen. */
  paidOut: boolean;
  canRate: boolean;
  extensionAllowed: boolean;
  /** A rejected order's contract never took effect: there is none to show. */
  hasContract: boolean;
  /** The same for the Key Facts Statement agreed with it (India). */
  hasKeyFacts: boolean;
  payout: PayoutStanding | undefined;
};

/**
 * Where a read takes an order's product from: the products module's read, or, for the order
 * details answer, the products that process remembers (`RememberedProducts`: docs/decisions/210).
 */
export type ProductOf = (db: Queryable, productId: number) => Promise<ProductRow | undefined>;

/** The borrower's order with its product and plan: the order and plan in one query (docs/decisions/085), the product asked of its module. */
export type OrderWithPlan = { order: OrderRow; product: ProductRow; market: Market; installments: InstallmentRow[]; hasContract: boolean; hasKeyFacts: boolean };

/** The borrower's order with its product and plan; another borrower's, or one of another product, reads as missing. */
export async function orderWithPlan(
  db: Queryable,
  borrowerId: number,
  query: { orderNo: string; productId?: number | undefined },
  productOf: ProductOf = productById,
): Promise<OrderWithPlan> {
  const found = await findBorrowerOrderDetails(db, borrowerId, query.orderNo);
  if (!found || (query.productId !== undefined && query.productId !== found.order.productId)) {
    await refuseProductOfOtherMarket(db, borrowerId, query.productId);
    throw new AppError(ErrorCode.NotFound);
  }
  const product = await productOf(db, found.order.productId);
  if (!product) throw new AppError(ErrorCode.NotFound);
  return { ...found, product, market: productMarket(product) };
}

/** The borrower's order with what they may do on it, read in one query; another borrower's order reads as missing. */
export async function orderDetails(
  db: Queryable,
  borrowerId: number,
  query: { orderNo: string; productId?: number | undefined },
  now = new Date(),
  payoutOf?: PayoutStandingOf,
  productOf?: ProductOf,
): Promise<OrderDetails> {
  const found = await orderWithPlan(db, borrowerId, query, productOf);
  const { order, product, installments, market } = found;
  const today = formatDate(now, market);
  return {
    order,
    product,
    market,
    installments,
    today,
    repaying: isRepaying(order.statusCode),
    paidOut: isRepaying(order.statusCode) || order.statusCode === LoanStatus.Settled,
    canRate: canRate(order.statusCode, order.score !== null || order.scoreDismissedAt !== null),
    extensionAllowed: extensionOffer(order, product, installments, today).allowed,
    hasContract: found.hasContract && order.statusCode !== LoanStatus.Rejected,
    hasKeyFacts: found.hasKeyFacts && order.statusCode !== LoanStatus.Rejected,
    payout: payoutOf && order.statusCode !== LoanStatus.UnderReview ? await payoutOf(db, order.id) : undefined,
  };
}
