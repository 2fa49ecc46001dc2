import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocatePayment } from './allocation';
import { dueDatesFrom, installmentRemaining, openingBalance, outstanding, owedNow, type OrderBalance } from './balance';
import { addDays } from './dates';
import { payableToday } from './payable';
import { applyPayoffRebate, EarlyRepayment, payoffQuote, type EarlyRepaymentRule, type PayoffLoan } from './payoff';
import { priceLoan, repaymentPlan } from './pricing';
import { arbitraryDay, arbitraryLoan, fourPeriodPricing, workedExampleBalance, workedExampleLoan } from './worked-example.test-helper';

const halfTermAndSevenDays: EarlyRepaymentRule = { kind: 'afterShareOfTerm', termSharePpm: 500_000, minDaysFromDisbursal: 7 };

/** India's demo loan: Rs.10,000 for 91 days in one installment, GST 18 %: Rs.10,626.90 on day 91. */
const oneInstallmentPricing = { ...fourPeriodPricing, minTermDays: 91, termDays: 91, periods: 1, taxPpm: 180_000 };
const oneInstallmentPlan = repaymentPlan(priceLoan(oneInstallmentPricing, 1_000_000));
const paidOutOn = '2026-03-01';
const oneInstallmentLoan: PayoffLoan = { disbursedOn: paidOutOn, termDays: 91, taxPpm: 180_000, installments: oneInstallmentPlan };
const oneInstallmentBalance = (): OrderBalance => openingBalance(oneInstallmentPlan, dueDatesFrom(oneInstallmentPlan, paidOutOn));

describe('payableToday', () => {
  it('takes nothing on a one-installment loan before its early-repayment date, and says from when', () => {
    expect(outstanding(oneInstallmentBalance())).toBe(1_062_690);
    // Day 10: nothing is due and paying the one installment would repay the loan early (from day 46).
    expect(payableToday(oneInstallmentBalance(), oneInstallmentLoan, addDays(paidOutOn, 10), halfTermAndSevenDays, null)).toEqual({
      offerMinor: 0,
      maxMinor: 0,
      limit: 'nothingDue',
      earlyRepaymentFrom: addDays(paidOutOn, 46),
      outstandingMinor: 1_062_690,
    });
  });

  it('takes what settles the loan from its early-repayment date: the payoff, never more', () => {
    const day = addDays(paidOutOn, 46);
    const quote = payoffQuote(oneInstallmentBalance(), oneInstallmentLoan, day, halfTermAndSevenDays);
    if (!quote.allowed) throw new Error('early repayment is allowed from day 46');
    expect(quote.payoffMinor).toBeLessThan(1_062_690);
    expect(payableToday(oneInstallmentBalance(), oneInstallmentLoan, day, halfTermAndSevenDays, null)).toEqual({
      offerMinor: quote.payoffMinor,
      maxMinor: quote.payoffMinor,
      limit: 'wholeBalance',
      earlyRepaymentFrom: null,
      outstandingMinor: 1_062_690,
    });
  });

  it('takes the next installment ahead of its date, but not the rest of the loan, before the early-repayment date', () => {
    // The worked example on day 10: installment 1 (1,347.00) is due on day 30; early repayment from day 60.
    const payable = payableToday(workedExampleBalance(), workedExampleLoan, '2026-01-11', halfTermAndSevenDays, null);
    expect(payable).toEqual({ offerMinor: 134_700, maxMinor: 134_700, limit: 'dueAndNext', earlyRepaymentFrom: '2026-03-02', outstandingMinor: 538_800 });
  });

  it('takes what is due and the next installment when one is late', () => {
    // Day 40: installment 1 is late, installment 2 falls due on day 60.
    const payable = payableToday(workedExampleBalance(), workedExampleLoan, '2026-02-10', halfTermAndSevenDays, null);
    expect(payable).toMatchObject({ offerMinor: 134_700, maxMinor: 269_400, limit: 'dueAndNext' });
  });

  it('takes only what is due when the next installment not yet due is the last', () => {
    const balance = workedExampleBalance();
    const onlyLastTwo: OrderBalance = { ...balance, installments: balance.installments.map((i) => (i.seq < 3 ? { ...i, principalMinor: 0, interestMinor: 0, taxMinor: 0 } : i)) };
    // Day 95 of a loan whose installment 3 fell due on day 90: with the rule moved out of reach, only installment 3 may be paid.
    const late: EarlyRepaymentRule = { kind: 'afterShareOfTerm', termSharePpm: 1_000_000, minDaysFromDisbursal: 7 };
    expect(payableToday(onlyLastTwo, workedExampleLoan, '2026-04-05', late, null)).toMatchObject({ offerMinor: 134_700, maxMinor: 134_700, limit: 'dueAndNext' });
  });

  it('takes everything owed, as the payoff, where early repayment is allowed at any time', () => {
    const quote = payoffQuote(workedExampleBalance(), workedExampleLoan, '2026-01-11', EarlyRepayment.anyTime);
    if (!quote.allowed) throw new Error('allowed at any time');
    expect(payableToday(workedExampleBalance(), workedExampleLoan, '2026-01-11', EarlyRepayment.anyTime, null)).toMatchObject({
      offerMinor: 134_700,
      maxMinor: quote.payoffMinor,
      limit: 'wholeBalance',
    });
  });

  it('never offers more than the most, never takes more than is owed, and what it takes never becomes credit', () => {
    fc.assert(
      fc.property(arbitraryLoan, arbitraryDay, ({ balance, loan }, day) => {
        const payable = payableToday(balance, loan, day, halfTermAndSevenDays, null);
        expect(payable.offerMinor).toBeLessThanOrEqual(payable.maxMinor);
        expect(payable.maxMinor).toBeLessThanOrEqual(outstanding(balance));
        // What is due may always be paid.
        expect(payable.maxMinor).toBeGreaterThanOrEqual(Math.min(owedNow(balance, day), payable.outstandingMinor));
        if (payable.limit !== 'wholeBalance') {
          // Before the early-repayment date the loan is never settled by a payment.
          expect(payable.maxMinor).toBeLessThan(outstanding(balance));
          expect(payable.earlyRepaymentFrom).not.toBeNull();
        }
        fc.pre(payable.maxMinor > 0);
        const quote = payoffQuote(balance, loan, day, halfTermAndSevenDays);
        const rebated = quote.allowed && payable.maxMinor >= quote.payoffMinor ? applyPayoffRebate(balance, quote.rebates) : balance;
        expect(allocatePayment(rebated, payable.maxMinor).creditMinor).toBe(0);
      }),
    );
  });

  it('answers nothing to pay on a loan paid in full', () => {
    const balance = oneInstallmentBalance();
    const paid: OrderBalance = { ...balance, installments: balance.installments.map((i) => ({ ...i, principalMinor: 0, interestMinor: 0, taxMinor: 0 })) };
    expect(paid.installments.every((i) => installmentRemaining(i) === 0)).toBe(true);
    expect(payableToday(paid, oneInstallmentLoan, addDays(paidOutOn, 100), halfTermAndSevenDays, null)).toMatchObject({ offerMinor: 0, maxMinor: 0, limit: 'wholeBalance' });
  });
});
