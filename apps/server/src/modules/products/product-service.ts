import { collectionsPolicySchema, DEFAULT_COLLECTIONS_POLICY, ErrorCode, type CollectionsPolicy } from '@lend/contracts';
import type { Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerById, type BorrowerRow } from '../sessions';
import { findProduct, findProducts, listActiveMarketProducts, listMarketProductIds, listProducts, type ProductRow } from './product-repository';

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

/**
 * The products of these ids, one read for all: other modules' lists (orders of several products)
 * ask here instead of joining the products table they do not own (docs/decisions/210).
 */
export async function productsByIds(db: Queryable, ids: readonly number[]): Promise<Map<number, ProductRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await findProducts(db, unique)).map((product) => [product.id, product]));
}

/** The product's rules for loans that go bad (docs/decisions/244): its own, or the defaults; one saved before its schema last changed reads as the defaults. */
export function collectionsPolicyOf(product: Pick<ProductRow, 'collectionsPolicy'>): CollectionsPolicy {
  return collectionsPolicySchema.safeParse(product.collectionsPolicy).data ?? DEFAULT_COLLECTIONS_POLICY;
}

/** The ids of every product of the market, closed ones too: the orders made in a market are the orders of these. */
export async function marketProductIds(db: Queryable, market: string): Promise<number[]> {
  return (await listMarketProductIds(db, market)).map((row) => row.id);
}

/** Both must exist before an offer is set or withdrawn; a missing one of either reads the same. */
export async function borrowerAndProduct(db: Queryable, borrowerId: number, productId: number): Promise<{ borrower: BorrowerRow; product: ProductRow }> {
  const borrower = await borrowerById(db, borrowerId);
  const product = await findProduct(db, productId);
  if (!borrower || !product) throw new AppError(ErrorCode.NotFound);
  return { borrower, product };
}
