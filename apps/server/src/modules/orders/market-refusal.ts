import type { Queryable } from '../../db/client';
import { productById, refuseOtherMarket } from '../products';
import { borrowerById } from '../sessions';

/**
 * Refuses a product named in a borrower's call when it is of another market than the borrower's
 * (docs/decisions/132); a missing product is left to the caller. Read only on the way to a
 * refusal, so the order reads stay one query.
 */
export async function refuseProductOfOtherMarket(db: Queryable, borrowerId: number, productId: number | undefined): Promise<void> {
  if (productId === undefined) return;
  const product = await productById(db, productId);
  const borrower = product ? await borrowerById(db, borrowerId) : undefined;
  if (product && borrower) refuseOtherMarket(borrower, product);
}
