import { describe, expect, it } from 'vitest';
import type { ProductPricing } from '@lend/contracts';
import { annualCost, annualPercentageRate, costoAnualTotal, loanCashFlows, periodicRate } from './annual-cost';
import { priceLoan, repaymentPlan } from './pricing';

const base: ProductPricing = {
  minAmountMinor: 100_000,
  maxAmountMinor: 2_000_000,
  defaultAmountMinor: 500_000,
  minTermDays: 91,
  maxTermDays: 365,
  termDays: 91,
  periods: 1,
  interestPerDayPpm: 500,
  commissionPpm: 50_000,
  taxPpm: 160_000,
  maxExtensions: 1,
};
const mexicoBullet = base;
const indiaBullet: ProductPricing = { ...base, taxPpm: 180_000 };
const mexicoFourPeriods: ProductPricing = { ...base, minTermDays: 120, termDays: 120, periods: 4 };
const indiaFourPeriods: ProductPricing = { ...mexicoFourPeriods, taxPpm: 180_000 };

function priced(pricing: ProductPricing) {
  const price = priceLoan(pricing, 500_000);
  return { price, plan: repaymentPlan(price) };
}

describe('CAT (Mexico, without IVA)', () => {
  it('single payment: $5,000.00 for 91 days', () => {
    // received 5,000.00 − 5% commission = 4,750.00; interest 0.05% × 91 = 227.50;
    // IVA 16% × (227.50 + 250.00) = 76.40 is left out; paid back without IVA: 5,227.50 on day 91.
    // rate per 91 days = 5,227.50 / 4,750.00 − 1 = 0.1005263; periods a year = 365 / 91 = 4.010989
    // CAT = 1.1005263 ^ 4.010989 − 1 = 0.46846 → 46.8%
    const { price, plan } = priced(mexicoBullet);
    expect(loanCashFlows(price, plan, false)).toEqual([
      { day: 0, amountMinor: 475_000 },
      { day: 91, amountMinor: -522_750 },
    ]);
    expect(costoAnualTotal(price, plan)).toBeCloseTo(0.46846, 4);
  });

  it('four monthly payments: $5,000.00 over 120 days', () => {
    // received 4,750.00; each 30 days pays 1,250.00 + 75.00 interest (IVA 22.00 left out) = 1,325.00.
    // 4,750.00 = 1,325.00 × (1 − (1 + i)^−4) / i  →  i = 0.045312 per 30 days
    // CAT = 1.045312 ^ (365 / 30) − 1 = 0.7146 → 71.5%
    const { price, plan } = priced(mexicoFourPeriods);
    expect(periodicRate(loanCashFlows(price, plan, false), 30)).toBeCloseTo(0.045312, 5);
    expect(costoAnualTotal(price, plan)).toBeCloseTo(0.7146, 3);
  });
});

describe('APR (India, RBI Key Facts Statement)', () => {
  it('single payment: ₹5,000.00 for 91 days', () => {
    // GST 18% × 477.50 = 85.95 is a charge paid: repaid 5,000.00 + 227.50 + 85.95 = 5,313.45.
    // rate per 91 days = 5,313.45 / 4,750.00 − 1 = 0.1186211; APR = 0.1186211 × 365 / 91 = 0.47579 → 47.6%
    const { price, plan } = priced(indiaBullet);
    expect(annualPercentageRate(price, plan)).toBeCloseTo(0.47579, 4);
  });

  it('four payments: ₹5,000.00 over 120 days', () => {
    // each 30 days: 1,250.00 + 75.00 + GST 24.75 = 1,349.75.
    // 4,750.00 = 1,349.75 × (1 − (1 + i)^−4) / i  →  i = 0.053282; APR = i × 365 / 30 = 0.6483 → 64.8%
    const { price, plan } = priced(indiaFourPeriods);
    expect(annualPercentageRate(price, plan)).toBeCloseTo(0.6483, 3);
  });

  it('is computed from the same cash flows as CAT, with the tax kept in', () => {
    const { price, plan } = priced(indiaFourPeriods);
    const withTax = loanCashFlows(price, plan, true);
    const withoutTax = loanCashFlows(price, plan, false);
    expect(withTax.map((f) => f.day)).toEqual(withoutTax.map((f) => f.day));
    expect(withTax.reduce((s, f) => s + f.amountMinor, 0) - withoutTax.reduce((s, f) => s + f.amountMinor, 0)).toBe(
      -price.taxMinor,
    );
  });
});

describe('annualCost', () => {
  it('shows CAT in Mexico and APR in India', () => {
    const mx = priced(mexicoBullet);
    const india = priced(indiaBullet);
    expect(annualCost('MX', mx.price, mx.plan).kind).toBe('CAT');
    expect(annualCost('IN', india.price, india.plan)).toEqual({
      kind: 'APR',
      rate: annualPercentageRate(india.price, india.plan),
    });
  });

  it('is zero for a loan that costs nothing', () => {
    const free = priced({ ...base, interestPerDayPpm: 0, commissionPpm: 0 });
    expect(costoAnualTotal(free.price, free.plan)).toBeCloseTo(0, 9);
  });
});
