import type { ProductPricing } from '@lend/contracts';
import { assertMinorUnits, MoneyError, type MinorUnits } from './money';

const PPM = 1_000_000n;

/** Rounds amount × ppm / 1e6 half up, in integers, so no centavo appears or vanishes in floating point. */
export function applyPpm(amount: MinorUnits, ppm: number, times = 1): MinorUnits {
  const product = BigInt(assertMinorUnits(amount)) * BigInt(ppm) * BigInt(times);
  return Number((product * 2n + PPM) / (PPM * 2n));
}

export type LoanPrice = {
  principalMinor: MinorUnits;
  /** Deducted when the loan is paid out. */
  commissionMinor: MinorUnits;
  interestMinor: MinorUnits;
  /** IVA on interest plus commission, collected with the repayment. */
  taxMinor: MinorUnits;
  /** What reaches the borrower's account (`giveAmount`). */
  disbursalMinor: MinorUnits;
  totalRepayableMinor: MinorUnits;
  termDays: number;
  periods: number;
};

/**
 * Prices one loan from its product's configuration: the commission is deducted at
 * disbursal; principal, interest for the whole term and IVA on interest plus commission
 * are repaid. Total cost to the borrower = totalRepayable − disbursal.
 */
export function priceLoan(pricing: ProductPricing, principalMinor: MinorUnits): LoanPrice {
  assertMinorUnits(principalMinor, 'principal');
  if (principalMinor < pricing.minAmountMinor || principalMinor > pricing.maxAmountMinor) {
    throw new MoneyError(`principal ${principalMinor} is outside ${pricing.minAmountMinor}..${pricing.maxAmountMinor}`);
  }
  const commissionMinor = applyPpm(principalMinor, pricing.commissionPpm);
  const interestMinor = applyPpm(principalMinor, pricing.interestPerDayPpm, pricing.termDays);
  const taxMinor = applyPpm(interestMinor + commissionMinor, pricing.taxPpm);
  return {
    principalMinor,
    commissionMinor,
    interestMinor,
    taxMinor,
    disbursalMinor: principalMinor - commissionMinor,
    totalRepayableMinor: principalMinor + interestMinor + taxMinor,
    termDays: pricing.termDays,
    periods: pricing.periods,
  };
}
