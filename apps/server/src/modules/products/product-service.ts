import { ErrorCode } from '@lend/contracts';
import type { Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerById, type BorrowerRow } from '../sessions';
import { findProduct, listActiveMarketProducts, listProducts, type ProductRow } from './product-repository';

// Routes shape rows into summaries, so they need the row type but not the repository.
export type { ProductRow } from './product-repository';

export function allProducts(db: Queryable): Promise<ProductRow[]> {
  return listProducts(db);
}

/** The market's products a borrower may apply for (active ones), in the lender's order. */
export function marketProducts(db: Queryable, market: Market): Promise<ProductRow[]> {
  return listActiveMarketProducts(db, market);
}

export function productById(db: Queryable, productId: number): Promise<ProductRow | undefined> {
  return findProduct(db, productId);
}

/** Both must exist before an offer is set or withdrawn; a missing one of either reads the same. */
export async function borrowerAndProduct(db: Queryable, borrowerId: number, productId: number): Promise<{ borrower: BorrowerRow; product: ProductRow }> {
  const borrower = await borrowerById(db, borrowerId);
  const product = await findProduct(db, productId);
  if (!borrower || !product) throw new AppError(ErrorCode.NotFound);
  return { borrower, product };
}
