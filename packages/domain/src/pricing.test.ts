import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ProductPricing } from '@lend/contracts';
import { applyPpm, LoanTermsError, priceLoan, repaymentPlan, share } from './pricing';
import { fourPeriodPricing } from './worked-example.test-helper';

describe('priceLoan', () => {
  it('prices the worked example: $5,000.00 for 120 days', () => {
    // commission 5% = 250.00; interest 0.05%/day × 120 = 6% = 300.00; IVA 16% of 550.00 = 88.00
    expect(priceLoan(fourPeriodPricing, 500_000)).toEqual({
      principalMinor: 500_000,
      commissionMinor: 25_000,
      interestMinor: 30_000,
      discountMinor: 0,
      taxMinor: 8_800,
      disbursalMinor: 475_000,
      totalRepayableMinor: 538_800,
      termDays: 120,
      periods: 4,
      periodDays: 30,
    });
  });

  it('takes a coupon off the interest before IVA, and never more than the interest', () => {
    // interest 300.00 − coupon 50.00 = 250.00; IVA 16% of (250.00 + 250.00) = 80.00
    const price = priceLoan(fourPeriodPricing, 500_000, { couponMinor: 5_000 });
    expect(price).toMatchObject({ discountMinor: 5_000, taxMinor: 8_000, totalRepayableMinor: 533_000 });
    expect(priceLoan(fourPeriodPricing, 500_000, { couponMinor: 99_999 }).discountMinor).toBe(30_000);
  });

  it('prices another term inside the range', () => {
    // 240 days: interest 0.05% × 240 = 12% = 600.00; IVA 16% of 850.00 = 136.00
    const price = priceLoan(fourPeriodPricing, 500_000, { termDays: 240 });
    expect(price).toMatchObject({ interestMinor: 60_000, taxMinor: 13_600, periodDays: 60, totalRepayableMinor: 573_600 });
  });

  it('refuses amounts and terms outside the product range, and terms that do not split into periods', () => {
    const reason = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof LoanTermsError ? error.reason : 'other';
      }
      return 'none';
    };
    expect(reason(() => priceLoan(fourPeriodPricing, 99_999))).toBe('amount');
    expect(reason(() => priceLoan(fourPeriodPricing, 2_000_001))).toBe('amount');
    expect(reason(() => priceLoan(fourPeriodPricing, 500_000, { termDays: 119 }))).toBe('term');
    expect(reason(() => priceLoan(fourPeriodPricing, 500_000, { termDays: 364 }))).toBe('term');
    expect(reason(() => priceLoan(fourPeriodPricing, 500_000, { termDays: 122 }))).toBe('term');
  });

  it('keeps every centavo: cost equals commission + interest − discount + tax for any amount, term and coupon', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: fourPeriodPricing.minAmountMinor, max: fourPeriodPricing.maxAmountMinor }),
        fc.integer({ min: 30, max: 90 }).map((quarter) => quarter * 4),
        fc.integer({ min: 0, max: 100_000 }),
        (amount, termDays, couponMinor) => {
          const price = priceLoan(fourPeriodPricing, amount, { termDays, couponMinor });
          expect(price.totalRepayableMinor - price.disbursalMinor).toBe(
            price.commissionMinor + price.interestMinor - price.discountMinor + price.taxMinor,
          );
          expect(Number.isInteger(price.taxMinor)).toBe(true);
        },
      ),
    );
  });
});

describe('repaymentPlan', () => {
  it('splits the worked example into four equal installments every 30 days', () => {
    // each: principal 1,250.00 + interest 75.00 + IVA 22.00 = 1,347.00; 4 × 1,347.00 = 5,388.00
    const plan = repaymentPlan(priceLoan(fourPeriodPricing, 500_000));
    expect(plan).toEqual(
      [1, 2, 3, 4].map((seq) => ({
        seq,
        dueDay: seq * 30,
        principalMinor: 125_000,
        interestMinor: 7_500,
        taxMinor: 2_200,
        amountMinor: 134_700,
      })),
    );
  });

  it('puts the odd centavos on the last installment', () => {
    // $1,000.03 over 4 periods: principal 250.00, 250.00, 250.00, 250.03
    const plan = repaymentPlan(priceLoan(fourPeriodPricing, 100_003));
    expect(plan.map((i) => i.principalMinor)).toEqual([25_000, 25_000, 25_000, 25_003]);
  });

  it('adds up to the total repayable, component by component, for any loan (no centavo lost or invented)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 100_000, max: 50_000_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 250_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (periods, periodDays, amount, interestPerDayPpm, commissionPpm, taxPpm, couponMinor) => {
          const termDays = periods * periodDays;
          const pricing: ProductPricing = {
            ...fourPeriodPricing,
            minAmountMinor: 100_000,
            maxAmountMinor: 50_000_000,
            minTermDays: 1,
            maxTermDays: 365,
            termDays,
            periods,
            interestPerDayPpm,
            commissionPpm,
            taxPpm,
          };
          const price = priceLoan(pricing, amount, { couponMinor });
          const plan = repaymentPlan(price);
          const sum = (pick: (i: (typeof plan)[number]) => number) => plan.reduce((total, i) => total + pick(i), 0);
          expect(plan).toHaveLength(periods);
          expect(sum((i) => i.amountMinor)).toBe(price.totalRepayableMinor);
          expect(sum((i) => i.principalMinor)).toBe(price.principalMinor);
          expect(sum((i) => i.interestMinor)).toBe(price.interestMinor - price.discountMinor);
          expect(sum((i) => i.taxMinor)).toBe(price.taxMinor);
          for (const installment of plan) {
            expect(Number.isSafeInteger(installment.amountMinor)).toBe(true);
            expect(installment.amountMinor).toBe(installment.principalMinor + installment.interestMinor + installment.taxMinor);
          }
          const amounts = plan.map((i) => i.amountMinor);
          expect(new Set(amounts.slice(0, -1)).size).toBeLessThanOrEqual(1);
          expect((amounts.at(-1) ?? 0) - (amounts[0] ?? 0)).toBeLessThan(3 * periods);
          expect(plan.at(-1)?.dueDay).toBe(termDays);
        },
      ),
    );
  });
});

describe('share', () => {
  it('splits a total into equal shares and a last one that adds up exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 24 }), (total, n) => {
        const shares = Array.from({ length: n }, (_, i) => share(total, i + 1, n));
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        expect(new Set(shares.slice(0, -1)).size).toBeLessThanOrEqual(1);
        expect((shares.at(-1) ?? 0) - (shares[0] ?? 0)).toBeGreaterThanOrEqual(0);
        expect((shares.at(-1) ?? 0) - (shares[0] ?? 0)).toBeLessThan(n);
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
