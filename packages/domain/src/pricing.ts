import type { ProductPricing } from '@lend/contracts';
import { assertMinorUnits, MoneyError, type MinorUnits } from './money';

const PPM = 1_000_000n;

/** Rounds amount × ppm / 1e6 half up, in integers, so no centavo appears or vanishes in floating point. */
export function applyPpm(amount: MinorUnits, ppm: number, times = 1): MinorUnits {
  const product = BigInt(assertMinorUnits(amount)) * BigInt(ppm) * BigInt(times);
  return Number((product * 2n + PPM) / (PPM * 2n));
}

/** Why a requested loan does not fit its product; the caller turns it into the borrower's message. */
export class LoanTermsError extends MoneyError {
  override name = 'LoanTermsError';
  constructor(
    readonly reason: 'amount' | 'term' | 'coupon',
    message: string,
  ) {
    super(message);
  }
}

export type LoanPrice = {
  principalMinor: MinorUnits;
  /** Deducted when the loan is paid out. */
  commissionMinor: MinorUnits;
  /** Interest for the whole term, before any coupon. */
  interestMinor: MinorUnits;
  /** A coupon's discount on the interest; never more than the interest. */
  discountMinor: MinorUnits;
  /** IVA on interest after discount plus commission, collected with the repayment. */
  taxMinor: MinorUnits;
  /** What reaches the borrower's account (`giveAmount`). */
  disbursalMinor: MinorUnits;
  totalRepayableMinor: MinorUnits;
  termDays: number;
  periods: number;
  /** Days in each repayment period: termDays / periods. */
  periodDays: number;
};

export type LoanTermsRequest = { termDays?: number; couponMinor?: MinorUnits };

/** Checks an amount and a term against the product's ranges; throws LoanTermsError naming what is off. */
export function assertLoanTerms(pricing: ProductPricing, principalMinor: MinorUnits, termDays: number): void {
  assertMinorUnits(principalMinor, 'principal');
  if (principalMinor < pricing.minAmountMinor || principalMinor > pricing.maxAmountMinor) {
    throw new LoanTermsError(
      'amount',
      `principal ${principalMinor} is outside ${pricing.minAmountMinor}..${pricing.maxAmountMinor}`,
    );
  }
  if (!Number.isInteger(termDays) || termDays < pricing.minTermDays || termDays > pricing.maxTermDays) {
    throw new LoanTermsError('term', `term ${termDays} is outside ${pricing.minTermDays}..${pricing.maxTermDays} days`);
  }
  if (termDays % pricing.periods !== 0) {
    throw new LoanTermsError('term', `term ${termDays} does not split into ${pricing.periods} whole-day periods`);
  }
}

/**
 * Prices one loan from its product's configuration: the commission is deducted at
 * disbursal; principal, interest for the whole term (less any coupon) and IVA on
 * interest plus commission are repaid. Total cost = totalRepayable − disbursal.
 */
export function priceLoan(pricing: ProductPricing, principalMinor: MinorUnits, request: LoanTermsRequest = {}): LoanPrice {
  const termDays = request.termDays ?? pricing.termDays;
  assertLoanTerms(pricing, principalMinor, termDays);
  const couponMinor = assertMinorUnits(request.couponMinor ?? 0, 'coupon');
  if (couponMinor < 0) throw new LoanTermsError('coupon', `coupon ${couponMinor} is negative`);
  const commissionMinor = applyPpm(principalMinor, pricing.commissionPpm);
  const interestMinor = applyPpm(principalMinor, pricing.interestPerDayPpm, termDays);
  const discountMinor = Math.min(couponMinor, interestMinor);
  const taxMinor = applyPpm(interestMinor - discountMinor + commissionMinor, pricing.taxPpm);
  return {
    principalMinor,
    commissionMinor,
    interestMinor,
    discountMinor,
    taxMinor,
    disbursalMinor: principalMinor - commissionMinor,
    totalRepayableMinor: principalMinor + interestMinor - discountMinor + taxMinor,
    termDays,
    periods: pricing.periods,
    periodDays: termDays / pricing.periods,
  };
}

export type Installment = {
  /** 1-based position in the plan. */
  seq: number;
  /** Days after disbursal on which it falls due. */
  dueDay: number;
  principalMinor: MinorUnits;
  /** Interest after the coupon's discount. */
  interestMinor: MinorUnits;
  taxMinor: MinorUnits;
  amountMinor: MinorUnits;
};

/** The k-th of n equal shares of total, rounded down; the last share takes what rounding left over. */
export function share(total: MinorUnits, k: number, n: number): MinorUnits {
  const base = Math.floor(total / n);
  return k < n ? base : total - base * (n - 1);
}

/**
 * Equal installments, one per period: principal, interest (after discount) and IVA are each
 * split evenly and the last installment takes the odd minor units, so every payment but the
 * last is the same and the plan adds up to the total repayable to the centavo.
 */
export function repaymentPlan(price: LoanPrice): Installment[] {
  const netInterest = price.interestMinor - price.discountMinor;
  return Array.from({ length: price.periods }, (_, index) => {
    const seq = index + 1;
    const principalMinor = share(price.principalMinor, seq, price.periods);
    const interestMinor = share(netInterest, seq, price.periods);
    const taxMinor = share(price.taxMinor, seq, price.periods);
    return {
      seq,
      dueDay: seq * price.periodDays,
      principalMinor,
      interestMinor,
      taxMinor,
      amountMinor: principalMinor + interestMinor + taxMinor,
    };
  });
}
