import { ErrorCode } from '@lend/contracts';
import { dueDatesFrom, formatDate, OPEN_STATUSES, type IsoDate } from '@lend/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { effectiveOffer, offerSeen, productById, quoteLoan, termsRefusal, type LoanQuote, type ProductRow } from '../products';
import { findOrdersInStatus } from './order-repository';

/** What the borrower may confirm on a product: the priced offer, its dates from today, and whether to announce a revision. */
export type Confirmation = { product: ProductRow; quote: LoanQuote; dates: IsoDate[]; announce: boolean };

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
  const product = await productById(db, productId);
  if (!product) throw new AppError(ErrorCode.NoOffer);
  const offer = await effectiveOffer(db, borrowerId, product);
  if (offer.status === 'withdrawn') throw new AppError(ErrorCode.NoOffer);
  if ((await findOrdersInStatus(db, borrowerId, product.id, OPEN_STATUSES)).length > 0) {
    throw new AppError(ErrorCode.OrderInProgress);
  }
  let quote: LoanQuote;
  try {
    quote = quoteLoan(product, offer);
  } catch (error) {
    termsRefusal(error);
  }
  let announce = offer.needsNotice;
  if (announce && options.reload && offer.id !== null) {
    await offerSeen(db, offer.id, now);
    announce = false;
  }
  return { product, quote, dates: dueDatesFrom(quote.plan, formatDate(now, quote.market)), announce };
}
