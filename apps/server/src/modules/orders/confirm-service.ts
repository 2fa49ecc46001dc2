import { ErrorCode, LoanStatus } from '@lend/contracts';
import { dueDatesFrom, formatDate, LoanTermsError, OPEN_STATUSES, type IsoDate } from '@lend/domain';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import {
  effectiveOffer,
  offerSeen,
  productById,
  quoteLoan,
  refuseOtherMarket,
  termsRefusal,
  type EffectiveOffer,
  type LoanQuote,
  type ProductRow,
} from '../products';
import { borrowerById, type BorrowerRow } from '../sessions';
import { borrowerOrdersInStatus } from './order-repository';

/** What the borrower may confirm on a product: the priced offer, its dates from today, and whether to announce a revision. */
export type Confirmation = { product: ProductRow; quote: LoanQuote; dates: IsoDate[]; announce: boolean };

/** An order of the borrower that is still open (under review, being paid out or repaid). */
export type OpenOrder = { orderNo: string; productId: number; statusCode: number };

/**
 * Where the borrower stands on one product: the offer priced and ready to confirm, or why not.
 * `terms` keeps the domain's refusal when the offer no longer fits the product.
 */
export type ProductStanding =
  | { kind: 'open'; product: ProductRow; offer: EffectiveOffer; quote: LoanQuote }
  | { kind: 'blocked'; product: ProductRow; reason: 'noOffer' | 'orderInProgress'; orderNo: string; terms?: LoanTermsError };

/** The borrower's open orders, newest first: read once for every product a screen lists. */
export function openOrdersOf(db: Queryable, borrowerId: number): Promise<OpenOrder[]> {
  return borrowerOrdersInStatus(db, borrowerId, OPEN_STATUSES);
}

/** One of the borrower's overdue orders, if any. */
export function overdueOrderIn(openOrders: readonly OpenOrder[]): OpenOrder | undefined {
  return openOrders.find((order) => order.statusCode === LoanStatus.Overdue);
}

/**
 * The one rule of what a borrower may confirm on a product, for the confirmation and for the
 * screens that list products: an offer that is not withdrawn, no open order on the product, and
 * terms the product prices. The caller has checked the product is of the borrower's market.
 */
export async function productStanding(db: Queryable, borrowerId: number, product: ProductRow, openOrders: readonly OpenOrder[]): Promise<ProductStanding> {
  const offer = await effectiveOffer(db, borrowerId, product);
  if (offer.status === 'withdrawn') return { kind: 'blocked', product, reason: 'noOffer', orderNo: '' };
  const open = openOrders.find((order) => order.productId === product.id);
  if (open) return { kind: 'blocked', product, reason: 'orderInProgress', orderNo: open.orderNo };
  try {
    return { kind: 'open', product, offer, quote: quoteLoan(product, offer) };
  } catch (error) {
    if (error instanceof LoanTermsError) return { kind: 'blocked', product, reason: 'noOffer', orderNo: '', terms: error };
    throw error;
  }
}

/** The confirmation screen's values for an open standing, its plan counted from `now`'s date in the market. */
export function confirmationOf(standing: Extract<ProductStanding, { kind: 'open' }>, now: Date): Confirmation {
  const { product, quote, offer } = standing;
  return { product, quote, dates: dueDatesFrom(quote.plan, formatDate(now, quote.market)), announce: offer.needsNotice };
}

/** The borrower and the product, the product refused when it is of another market; a missing one of either has no offer. */
export async function borrowerAndMarketProduct(db: Queryable, borrowerId: number, productId: number): Promise<{ borrower: BorrowerRow; product: ProductRow }> {
  const product = await productById(db, productId);
  const borrower = await borrowerById(db, borrowerId);
  if (!product || !borrower) throw new AppError(ErrorCode.NoOffer);
  refuseOtherMarket(borrower, product);
  return { borrower, product };
}

/**
 * The borrower's offer on a product, priced, with the plan counted from today. `reload` is the
 * refetch after the countdown (isType=1): it marks a revised offer as seen.
 */
export async function confirmation(
  db: Db,
  borrowerId: number,
  productId: number,
  options: { reload: boolean; now?: Date },
): Promise<Confirmation> {
  const now = options.now ?? new Date();
  const { product } = await borrowerAndMarketProduct(db, borrowerId, productId);
  const standing = await productStanding(db, borrowerId, product, await openOrdersOf(db, borrowerId));
  if (standing.kind === 'blocked') {
    if (standing.terms) termsRefusal(standing.terms);
    throw new AppError(standing.reason === 'noOffer' ? ErrorCode.NoOffer : ErrorCode.OrderInProgress);
  }
  const confirmed = confirmationOf(standing, now);
  if (confirmed.announce && options.reload && standing.offer.id !== null) {
    await offerSeen(db, standing.offer.id, now);
    return { ...confirmed, announce: false };
  }
  return confirmed;
}
