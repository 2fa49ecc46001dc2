import type { ProductPricing } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocatePayment } from './allocation';
import { annualCost } from './annual-cost';
import { dueDatesFrom, openingBalance, outstanding, paidInFull, type OrderBalance } from './balance';
import { addDays, daysBetween } from './dates';
import { rebatePostings } from './ledger';
import {
  applyPayoffRebate,
  EarlyRepayment,
  lookUpPayoffQuote,
  payoffQuote,
  payoffToday,
  type EarlyRepaymentRule,
  type LookUpLoan,
  type PayoffLoan,
  type PayoffRebate,
} from './payoff';
import { priceLoan, repaymentPlan } from './pricing';
import {
  arbitraryDay,
  arbitraryLoan,
  fourPeriodPricing,
  workedExampleBalance,
  workedExampleDisbursal,
  workedExampleLoan,
} from './worked-example.test-helper';

const total = (postings: readonly { amountMinor: number }[]) => postings.reduce((sum, p) => sum + p.amountMinor, 0);

/** The payoff paid after its rebates leaves nothing owed and no credit. */
function expectSettledExactly(balance: OrderBalance, quote: { payoffMinor: number; rebates: PayoffRebate[] }): void {
  const rebated = applyPayoffRebate(balance, quote.rebates);
  expect(outstanding(rebated)).toBe(quote.payoffMinor);
  fc.pre(quote.payoffMinor > 0);
  const { balanceAfter, creditMinor } = allocatePayment(rebated, quote.payoffMinor);
  expect(paidInFull(balanceAfter)).toBe(true);
  expect(creditMinor).toBe(0);
}

// India's published terms: early repayment after half the term and not before 7 days from remittance.
const halfTermAndSevenDays: EarlyRepaymentRule = { kind: 'afterShareOfTerm', termSharePpm: 500_000, minDaysFromDisbursal: 7 };

describe('payoffQuote', () => {
  it('takes off the interest not yet earned and its IVA (worked example on 2026-02-10)', () => {
    // Day 40: installment 1 (due 01-31) is owed in full; installment 2 (01-31..03-02) is 10 of
    // 30 days in: 20/30 of 75.00 = 50.00 and IVA 8.00 taken off; installments 3 and 4 have not
    // begun: 75.00 + 12.00 each taken off. 5,388.00 − 58.00 − 2 × 87.00 = 5,156.00.
    // (The 10.00 of each installment's IVA that is on the commission is earned at payout.)
    expect(payoffQuote(workedExampleBalance(), workedExampleLoan, '2026-02-10', EarlyRepayment.anyTime)).toEqual({
      allowed: true,
      outstandingMinor: 538_800,
      rebateMinor: 23_200,
      payoffMinor: 515_600,
      rebates: [
        { seq: 2, interestMinor: 5_000, taxMinor: 800 },
        { seq: 3, interestMinor: 7_500, taxMinor: 1_200 },
        { seq: 4, interestMinor: 7_500, taxMinor: 1_200 },
      ],
      lookUpUntil: null,
    });
  });

  it('refuses early repayment before half the term, and names the first day it is allowed', () => {
    // 120-day term paid out 2026-01-01: half the term has elapsed on 2026-03-02 (day 60).
    expect(payoffQuote(workedExampleBalance(), workedExampleLoan, '2026-03-01', halfTermAndSevenDays)).toEqual({
      allowed: false,
      reason: 'beforeShareOfTerm',
      allowedFrom: '2026-03-02',
    });
    // Day 70, 10 days into installment 3's period: 50.00 + 8.00 and 75.00 + 12.00 taken off.
    expect(payoffQuote(workedExampleBalance(), workedExampleLoan, '2026-03-12', halfTermAndSevenDays)).toMatchObject({
      allowed: true,
      payoffMinor: 538_800 - 14_500,
    });
  });

  it('refuses early repayment within 7 days of payout even when the term share has elapsed', () => {
    const shortLoan = { ...workedExampleLoan, termDays: 10 };
    expect(payoffQuote(workedExampleBalance(), shortLoan, '2026-01-06', halfTermAndSevenDays)).toEqual({
      allowed: false,
      reason: 'tooSoonAfterPayout',
      allowedFrom: '2026-01-08',
    });
  });

  it('asks the whole balance on or after the last due date, late charges included', () => {
    const balance: OrderBalance = { ...workedExampleBalance(), lateChargesMinor: 4_041 };
    expect(payoffQuote(balance, workedExampleLoan, '2026-05-01', halfTermAndSevenDays)).toMatchObject({
      allowed: true,
      payoffMinor: 538_800 + 4_041,
      rebates: [],
    });
  });

  it('is allowed exactly from the day the rule names', () => {
    fc.assert(
      fc.property(arbitraryLoan, arbitraryDay, ({ balance, loan }, today) => {
        const quote = payoffQuote(balance, loan, today, halfTermAndSevenDays);
        const from = addDays(loan.disbursedOn, Math.max(7, Math.ceil(loan.termDays / 2)));
        expect(quote.allowed).toBe(daysBetween(from, today) >= 0);
        if (!quote.allowed) expect(quote.allowedFrom).toBe(from);
      }),
    );
  });

  it('never asks less than zero or more than is outstanding, and everything on or after the last due date', () => {
    fc.assert(
      fc.property(arbitraryLoan, arbitraryDay, ({ balance, loan }, today) => {
        const quote = payoffQuote(balance, loan, today, EarlyRepayment.anyTime);
        if (!quote.allowed) throw new Error('any time means any time');
        expect(quote.payoffMinor).toBeGreaterThanOrEqual(0);
        expect(quote.payoffMinor).toBeLessThanOrEqual(outstanding(balance));
        expect(quote.payoffMinor).toBe(outstanding(balance) - quote.rebateMinor);
        const lastDue = balance.installments.at(-1)?.dueDate ?? loan.disbursedOn;
        if (daysBetween(lastDue, today) >= 0) expect(quote.payoffMinor).toBe(outstanding(balance));
      }),
    );
  });

  it('never asks less as days pass', () => {
    fc.assert(
      fc.property(arbitraryLoan, arbitraryDay, fc.integer({ min: 1, max: 60 }), ({ balance, loan }, today, later) => {
        const payoff = (day: string) => {
          const quote = payoffQuote(balance, loan, day, EarlyRepayment.anyTime);
          return quote.allowed ? quote.payoffMinor : Number.NaN;
        };
        expect(payoff(addDays(today, later))).toBeGreaterThanOrEqual(payoff(today));
      }),
    );
  });

  it('settles the loan exactly: the payoff paid after the rebate leaves nothing owed and no credit', () => {
    fc.assert(
      fc.property(arbitraryLoan, arbitraryDay, ({ balance, loan }, today) => {
        const quote = payoffQuote(balance, loan, today, EarlyRepayment.anyTime);
        if (!quote.allowed) throw new Error('any time means any time');
        expectSettledExactly(balance, quote);
      }),
    );
  });
});

describe('lookUpPayoffQuote (docs/decisions/150)', () => {
  // The worked example at India's GST of 18 %: 5,000.00 lent, 250.00 commission kept at payout,
  // interest 75.00 and GST 24.75 in each of four installments (GST on the commission 45.00 of the 99.00).
  const pricing: ProductPricing = { ...fourPeriodPricing, taxPpm: 180_000 };
  const inLoan = (commissionPpm: number) => {
    const price = priceLoan({ ...pricing, commissionPpm }, 500_000);
    const plan = repaymentPlan(price);
    const balance = openingBalance(plan, dueDatesFrom(plan, workedExampleDisbursal));
    const loan: PayoffLoan = { disbursedOn: workedExampleDisbursal, termDays: 120, taxPpm: pricing.taxPpm, installments: plan };
    const lookUp: LookUpLoan = { principalMinor: 500_000, commissionMinor: price.commissionMinor, aprRate: annualCost('IN', price, plan).rate, periodDays: 3 };
    return { balance, loan, lookUp };
  };

  it('asks the principal alone when the commission kept already covers the days held, the lender bearing its GST', () => {
    const { balance, loan, lookUp } = inLoan(50_000);
    // APR 64.81 %: three days cost 5,000.00 × 0.6481 × 3 / 365 = 26.63, less than the 250.00 kept.
    expect(lookUp.aprRate).toBeCloseTo(0.6481, 4);
    expect(lookUpPayoffQuote(balance, loan, lookUp, '2026-01-04')).toEqual({
      allowed: true,
      outstandingMinor: 539_900,
      rebateMinor: 39_900,
      payoffMinor: 500_000,
      rebates: [
        { seq: 1, interestMinor: 7_500, taxMinor: 2_475, commissionTaxMinor: 2_475 },
        { seq: 2, interestMinor: 7_500, taxMinor: 2_475, commissionTaxMinor: 2_025 },
        { seq: 3, interestMinor: 7_500, taxMinor: 2_475 },
        { seq: 4, interestMinor: 7_500, taxMinor: 2_475 },
      ],
      lookUpUntil: '2026-01-04',
    });
    // The normal rule would have kept 45.00 of GST on the commission and the interest earned.
    const normal = payoffQuote(balance, loan, '2026-01-04', EarlyRepayment.anyTime);
    expect(normal.allowed && normal.payoffMinor).toBe(505_385);
  });

  it('asks the principal plus the APR for the days held beyond the commission, its GST paid first', () => {
    const { balance, loan, lookUp } = inLoan(2_000);
    // Commission 10.00 (GST 1.80), APR 35.17 %. Three days cost 5,000.00 × 0.3517 × 3 / 365 = 14.45,
    // less the 10.00 kept: 4.45, of which the GST on the commission 1.80, then 2.65 as interest
    // 2.24 (2.65 / 1.18 rounded down) and its GST 0.41. Everything else of the charges is taken off.
    expect(lookUp.aprRate).toBeCloseTo(0.3517, 4);
    const quote = lookUpPayoffQuote(balance, loan, lookUp, '2026-01-04');
    expect(quote).toMatchObject({ outstandingMinor: 535_580, payoffMinor: 500_445, rebateMinor: 535_580 - 500_445, lookUpUntil: '2026-01-04' });
    const untouched = [2, 3, 4].map((seq) => ({ seq, interestMinor: 7_500, taxMinor: 1_395 }));
    expect(quote?.allowed && quote.rebates).toEqual([{ seq: 1, interestMinor: 7_500 - 224, taxMinor: 1_395 - 180 - 41 }, ...untouched]);
    // Day 1: one day costs 4.81, less than the commission kept: the principal alone.
    expect(lookUpPayoffQuote(balance, loan, lookUp, '2026-01-02')).toMatchObject({ payoffMinor: 500_000 });
    expect(lookUpPayoffQuote(balance, loan, lookUp, '2026-01-05')).toBeNull();
  });

  it('asks the normal payoff when it is less, as with no commission kept', () => {
    const { balance, loan, lookUp } = inLoan(0);
    for (const day of ['2026-01-01', '2026-01-02', '2026-01-04']) {
      const normal = payoffQuote(balance, loan, day, EarlyRepayment.anyTime);
      expect(lookUpPayoffQuote(balance, loan, lookUp, day)).toEqual({ ...normal, lookUpUntil: '2026-01-04' });
    }
  });

  it('gives way to the market rule after the period', () => {
    const { balance, loan, lookUp } = inLoan(50_000);
    expect(payoffToday(balance, loan, '2026-01-04', halfTermAndSevenDays, lookUp)).toMatchObject({ allowed: true, payoffMinor: 500_000 });
    expect(payoffToday(balance, loan, '2026-01-05', halfTermAndSevenDays, lookUp)).toEqual({
      allowed: false,
      reason: 'beforeShareOfTerm',
      allowedFrom: '2026-03-02',
    });
    expect(payoffToday(balance, loan, '2026-01-02', halfTermAndSevenDays, null)).toMatchObject({ allowed: false });
  });

  it('within the period only, never more than the normal payoff, and settles the loan exactly', () => {
    fc.assert(
      fc.property(
        arbitraryLoan,
        fc.integer({ min: -2, max: 10 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        ({ balance, loan }, day, periodDays, commissionMinor, aprRate) => {
          const today = addDays(loan.disbursedOn, day);
          const lookUp: LookUpLoan = { principalMinor: 500_000, commissionMinor, aprRate, periodDays };
          const quote = lookUpPayoffQuote(balance, loan, lookUp, today);
          if (day < 0 || day > periodDays) {
            expect(quote).toBeNull();
            return;
          }
          if (!quote?.allowed) throw new Error('the look-up exit is always allowed within its period');
          const normal = payoffQuote(balance, loan, today, EarlyRepayment.anyTime);
          if (!normal.allowed) throw new Error('any time means any time');
          expect(quote.payoffMinor).toBeLessThanOrEqual(normal.payoffMinor);
          expect(quote.payoffMinor).toBeLessThanOrEqual(outstanding(balance));
          expect(total(rebatePostings(quote.rebates))).toBe(0);
          expectSettledExactly(balance, quote);
        },
      ),
    );
  });
});
