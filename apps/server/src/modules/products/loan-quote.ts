import {
  annualCost,
  priceLoan,
  repaymentPlan,
  type AnnualCost,
  type Installment,
  type LoanPrice,
  type Market,
} from '@lend/domain';
import type { ProductRow } from './product-repository';

export type LoanTerms = { amountMinor: number; termDays: number; couponMinor: number };

/** Everything the borrower is shown about one loan before and after confirming it. */
export type LoanQuote = { market: Market; price: LoanPrice; plan: Installment[]; cost: AnnualCost };

export function productMarket(product: Pick<ProductRow, 'market'>): Market {
  if (product.market === 'MX' || product.market === 'IN') return product.market;
  throw new Error(`product market ${product.market} is not known`);
}

/** Prices the terms with the product's configuration; throws LoanTermsError when they do not fit. */
export function quoteLoan(product: ProductRow, terms: LoanTerms): LoanQuote {
  const price = priceLoan(product.pricing, terms.amountMinor, { termDays: terms.termDays, couponMinor: terms.couponMinor });
  const plan = repaymentPlan(price);
  const market = productMarket(product);
  return { market, price, plan, cost: annualCost(market, price, plan) };
}
