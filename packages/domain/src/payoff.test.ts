import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocatePayment } from './allocation';
import { outstanding, paidInFull, type OrderBalance } from './balance';
import { addDays, daysBetween } from './dates';
import { applyPayoffRebate, EarlyRepayment, payoffQuote, type EarlyRepaymentRule } from './payoff';
import { arbitraryDay, arbitraryLoan, workedExampleBalance, workedExampleLoan } from './worked-example.test-helper';

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
        const rebated = applyPayoffRebate(balance, quote.rebates);
        expect(outstanding(rebated)).toBe(quote.payoffMinor);
        fc.pre(quote.payoffMinor > 0);
        const { balanceAfter, creditMinor } = allocatePayment(rebated, quote.payoffMinor);
        expect(paidInFull(balanceAfter)).toBe(true);
        expect(creditMinor).toBe(0);
      }),
    );
  });
});
