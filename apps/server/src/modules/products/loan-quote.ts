import {
  addDays,
  annualCost,
  formatAnnualRate,
  priceLoan,
  repaymentPlan,
  type AnnualCost,
  type Installment,
  type IsoDate,
  type LoanPrice,
  type Market,
} from '@lend/domain';
import type { Language } from '@lend/contracts';
import { loanText } from './loan-texts';
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

/** Each installment's date when the money is paid out on `disbursalDate`. */
export function planDates(plan: readonly Pick<Installment, 'dueDay'>[], disbursalDate: IsoDate): IsoDate[] {
  return plan.map((installment) => addDays(disbursalDate, installment.dueDay));
}

/** The CAT or APR sentence, in the borrower's language. */
export function annualCostLine(language: Language, cost: AnnualCost): string {
  return loanText(language, cost.kind === 'CAT' ? 'cost.CAT' : 'cost.APR', { rate: formatAnnualRate(cost.rate) });
}
