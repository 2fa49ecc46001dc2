import { ErrorCode } from '@lend/contracts';
import { MARKETS, type Market } from '@lend/domain';
import { AppError } from '../../errors';
import type { BorrowerRow } from '../sessions';
import { productMarket } from './loan-quote';
import type { ProductRow } from './product-repository';

/**
 * The market a borrower borrows in: the one their account was opened in, from the country of
 * their phone (docs/decisions/091); the table's check allows only the two.
 */
export function borrowerMarket(borrower: Pick<BorrowerRow, 'market'>): Market {
  const market = MARKETS.find((each) => each === borrower.market);
  if (!market) throw new Error(`borrower market ${borrower.market} is not known`);
  return market;
}

/** Whether the product is one of the borrower's market. */
export function inBorrowerMarket(borrower: Pick<BorrowerRow, 'market'>, product: Pick<ProductRow, 'market'>): boolean {
  return productMarket(product) === borrowerMarket(borrower);
}

/**
 * Refuses a product of another market than the borrower's: loans are for that market's residents
 * only, on its terms (docs/decisions/132).
 */
export function refuseOtherMarket(borrower: Pick<BorrowerRow, 'market'>, product: Pick<ProductRow, 'market'>): void {
  if (!inBorrowerMarket(borrower, product)) throw new AppError(ErrorCode.ProductOfAnotherMarket);
}
