import type { ProductPricing } from '@lend/contracts';
import fc from 'fast-check';
import { dueDatesFrom, openingBalance, type OrderBalance } from './balance';
import { addDays } from './dates';
import type { PayoffLoan } from './payoff';
import { priceLoan, repaymentPlan } from './pricing';

/** The pricing example of docs/decisions/008: four 30-day periods, 0.05 % a day, 5 % commission, IVA 16 %. */
export const fourPeriodPricing: ProductPricing = {
  minAmountMinor: 100_000,
  maxAmountMinor: 2_000_000,
  defaultAmountMinor: 500_000,
  minTermDays: 120,
  maxTermDays: 360,
  termDays: 120,
  periods: 4,
  interestPerDayPpm: 500,
  commissionPpm: 50_000,
  taxPpm: 160_000,
  maxExtensions: 1,
};

export const workedExampleDisbursal = '2026-01-01';
const workedExamplePlan = repaymentPlan(priceLoan(fourPeriodPricing, 500_000));

/** $5,000.00 for 120 days paid out on 2026-01-01: four installments of 1,347.00 every 30 days. */
export function workedExampleBalance(): OrderBalance {
  return openingBalance(workedExamplePlan, dueDatesFrom(workedExamplePlan, workedExampleDisbursal));
}

export const workedExampleLoan: PayoffLoan = {
  disbursedOn: workedExampleDisbursal,
  termDays: 120,
  taxPpm: fourPeriodPricing.taxPpm,
  installments: workedExamplePlan,
};

/** Any loan paid out on 2026-01-01 and its balance, with some of it paid and some late charges. */
export const arbitraryLoan: fc.Arbitrary<{ balance: OrderBalance; loan: PayoffLoan }> = fc
  .record({
    periods: fc.integer({ min: 1, max: 6 }),
    periodDays: fc.integer({ min: 7, max: 30 }),
    amount: fc.integer({ min: 100_000, max: 5_000_000 }),
    lateChargesMinor: fc.integer({ min: 0, max: 200_000 }),
    paidShares: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 18, maxLength: 18 }),
  })
  .map(({ periods, periodDays, amount, lateChargesMinor, paidShares }) => {
    const termDays = periods * periodDays;
    const pricing: ProductPricing = { ...fourPeriodPricing, maxAmountMinor: 5_000_000, minTermDays: 1, termDays, periods };
    const plan = repaymentPlan(priceLoan(pricing, amount));
    const opening = openingBalance(plan, dueDatesFrom(plan, workedExampleDisbursal));
    // Keep a percentage of each component so partly paid balances (and odd ones) are covered too.
    const keep = (value: number, index: number) => Math.floor((value * (paidShares[index % 18] ?? 100)) / 100);
    const balance: OrderBalance = {
      lateChargesMinor,
      installments: opening.installments.map((i, n) => ({
        ...i,
        principalMinor: keep(i.principalMinor, n * 3),
        interestMinor: keep(i.interestMinor, n * 3 + 1),
        taxMinor: keep(i.taxMinor, n * 3 + 2),
      })),
    };
    const loan: PayoffLoan = { disbursedOn: workedExampleDisbursal, termDays, taxPpm: pricing.taxPpm, installments: plan };
    return { balance, loan };
  });

export const arbitraryBalance: fc.Arbitrary<OrderBalance> = arbitraryLoan.map(({ balance }) => balance);

/** A day from a little before the first due date to well after the last. */
export const arbitraryDay = fc.integer({ min: 0, max: 250 }).map((n) => addDays(workedExampleDisbursal, n));
