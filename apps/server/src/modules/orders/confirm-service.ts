import { ErrorCode, LoanStatus } from '@lend/contracts';
import { dueDatesFrom, formatDate, LoanTermsError, OPEN_STATUSES, type IsoDate } from '@lend/domain';
import type { Db, Queryable, Tx } from '../../db/client';
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
 * What the borrower's credit decision on a product allows (docs/decisions/141): an approval with
 * its ceiling, or the step that is missing. The credit module answers it; orders only reads it,
 * so the rule of what may be confirmed stays here in one place.
 */
export type CreditLine =
  | { kind: 'approved'; ceilingMinor: number }
  | { kind: 'profileIncomplete'; missing: readonly string[] }
  | { kind: 'applyFirst' }
  | { kind: 'underReview' }
  | { kind: 'declinedUntil'; until: IsoDate };

/** The borrower's credit line on a product, read inside the caller's transaction. */
export type CreditLineOf = (db: Queryable, borrowerId: number, product: ProductRow, now: Date) => Promise<CreditLine>;

/**
 * The credit line an order is placed on, in the order's transaction: the decision is held against a
 * change of the borrower's facts until the order is written, and refused when they changed (docs/decisions/215).
 */
export type CreditLineForOrder = (tx: Tx, borrowerId: number, product: ProductRow, now: Date) => Promise<CreditLine>;

type BlockReason = 'noOffer' | 'orderInProgress' | 'overdueLoan' | Exclude<CreditLine['kind'], 'approved'>;

/**
 * Where the borrower stands on one product: the offer priced and ready to confirm, or why not.
 * `terms` keeps the domain's refusal when the offer no longer fits the product; `credit` the
 * credit line behind a credit block.
 */
export type ProductStanding =
  | { kind: 'open'; product: ProductRow; offer: EffectiveOffer; quote: LoanQuote; ceilingMinor: number }
  | { kind: 'blocked'; product: ProductRow; reason: BlockReason; orderNo: string; terms?: LoanTermsError; credit?: Exclude<CreditLine, { kind: 'approved' }> };

/** The borrower's open orders, newest first: read once for every product a screen lists. */
export function openOrdersOf(db: Queryable, borrowerId: number): Promise<OpenOrder[]> {
  return borrowerOrdersInStatus(db, borrowerId, OPEN_STATUSES);
}

/** One of the borrower's overdue orders, if any. */
export function overdueOrderIn(openOrders: readonly OpenOrder[]): OpenOrder | undefined {
  return openOrders.find((order) => order.statusCode === LoanStatus.Overdue);
}

/**
 * The one rule of what a borrower may confirm on a product, for the confirmation, the push and
 * the screens that list products: an offer that is not withdrawn, no open order on the product,
 * no overdue loan (docs/decisions/133, 141), a credit decision that approved the borrower, and
 * terms the product prices, the offered amount capped at the decision's ceiling. The caller has
 * checked the product is of the borrower's market.
 */
export async function productStanding(
  db: Queryable,
  borrowerId: number,
  product: ProductRow,
  openOrders: readonly OpenOrder[],
  creditLineOf: CreditLineOf,
  now: Date,
): Promise<ProductStanding> {
  const effective = await effectiveOffer(db, borrowerId, product);
  if (effective.status === 'withdrawn') return { kind: 'blocked', product, reason: 'noOffer', orderNo: '' };
  const open = openOrders.find((order) => order.productId === product.id);
  if (open) return { kind: 'blocked', product, reason: 'orderInProgress', orderNo: open.orderNo };
  const overdue = overdueOrderIn(openOrders);
  if (overdue) return { kind: 'blocked', product, reason: 'overdueLoan', orderNo: overdue.orderNo };
  const credit = await creditLineOf(db, borrowerId, product, now);
  if (credit.kind !== 'approved') return { kind: 'blocked', product, reason: credit.kind, orderNo: '', credit };
  const offer = { ...effective, amountMinor: Math.min(effective.amountMinor, credit.ceilingMinor) };
  try {
    return { kind: 'open', product, offer, quote: quoteLoan(product, offer), ceilingMinor: credit.ceilingMinor };
  } catch (error) {
    if (error instanceof LoanTermsError) return { kind: 'blocked', product, reason: 'noOffer', orderNo: '', terms: error };
    throw error;
  }
}

/** The confirmation of a priced loan, its plan counted from `now`'s date in the market. */
export function confirmationFor(product: ProductRow, quote: LoanQuote, now: Date, announce: boolean): Confirmation {
  return { product, quote, dates: dueDatesFrom(quote.plan, formatDate(now, quote.market)), announce };
}

/** The confirmation screen's values for an open standing, its plan counted from `now`'s date in the market. */
export function confirmationOf(standing: Extract<ProductStanding, { kind: 'open' }>, now: Date): Confirmation {
  return confirmationFor(standing.product, standing.quote, now, standing.offer.needsNotice);
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
/** The refusal of a blocked standing, for the confirmation and the push. */
export function standingRefusal(standing: Extract<ProductStanding, { kind: 'blocked' }>): never {
  if (standing.terms) termsRefusal(standing.terms);
  const credit = standing.credit;
  if (credit?.kind === 'profileIncomplete') throw new AppError(ErrorCode.CreditProfileIncomplete, credit.missing.join(', '));
  if (credit?.kind === 'declinedUntil') throw new AppError(ErrorCode.CreditDeclinedUntil, credit.until);
  const codes = {
    noOffer: ErrorCode.NoOffer,
    orderInProgress: ErrorCode.OrderInProgress,
    overdueLoan: ErrorCode.OverdueLoanBlocksBorrowing,
    applyFirst: ErrorCode.CreditNotApproved,
    underReview: ErrorCode.CreditUnderReview,
    profileIncomplete: ErrorCode.CreditProfileIncomplete,
    declinedUntil: ErrorCode.CreditDeclinedUntil,
  } as const;
  throw new AppError(codes[standing.reason]);
}

export async function confirmation(
  db: Db,
  borrowerId: number,
  productId: number,
  options: { reload: boolean; now?: Date; creditLineOf: CreditLineOf },
): Promise<Confirmation> {
  const now = options.now ?? new Date();
  const { product } = await borrowerAndMarketProduct(db, borrowerId, productId);
  const standing = await productStanding(db, borrowerId, product, await openOrdersOf(db, borrowerId), options.creditLineOf, now);
  if (standing.kind === 'blocked') standingRefusal(standing);
  const confirmed = confirmationOf(standing, now);
  if (confirmed.announce && options.reload && standing.offer.id !== null) {
    await offerSeen(db, standing.offer.id, now);
    return { ...confirmed, announce: false };
  }
  return confirmed;
}
