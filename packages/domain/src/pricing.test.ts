import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ProductPricing } from '@lend/contracts';
import { applyPpm, priceLoan } from './pricing';

const pricing: ProductPricing = {
  minAmountMinor: 100_000,
  maxAmountMinor: 2_000_000,
  defaultAmountMinor: 500_000,
  termDays: 120,
  periods: 4,
  interestPerDayPpm: 500,
  commissionPpm: 50_000,
  taxPpm: 160_000,
  overduePenaltyPerDayPpm: 30_000,
};

describe('priceLoan', () => {
  it('prices the worked example: $5,000.00 for 120 days', () => {
    // commission 5% = 250.00; interest 0.05%/day × 120 = 6% = 300.00; IVA 16% of 550.00 = 88.00
    expect(priceLoan(pricing, 500_000)).toEqual({
      principalMinor: 500_000,
      commissionMinor: 25_000,
      interestMinor: 30_000,
      taxMinor: 8_800,
      disbursalMinor: 475_000,
      totalRepayableMinor: 538_800,
      termDays: 120,
      periods: 4,
    });
  });

  it('refuses amounts outside the product range', () => {
    expect(() => priceLoan(pricing, 99_999)).toThrow(/outside/);
  });

  it('keeps every centavo: cost equals commission + interest + tax for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: pricing.minAmountMinor, max: pricing.maxAmountMinor }), (amount) => {
        const price = priceLoan(pricing, amount);
        expect(price.totalRepayableMinor - price.disbursalMinor).toBe(
          price.commissionMinor + price.interestMinor + price.taxMinor,
        );
        expect(Number.isInteger(price.taxMinor)).toBe(true);
      }),
    );
  });
});

describe('applyPpm', () => {
  it('rounds half up', () => {
    expect(applyPpm(1, 500_000)).toBe(1);
    expect(applyPpm(1, 499_999)).toBe(0);
    expect(applyPpm(3, 500_000)).toBe(2);
  });
});
