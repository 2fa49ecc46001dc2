import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocatePayment } from './allocation';
import { outstanding } from './balance';
import {
  Account,
  balanced,
  disbursalPostings,
  expectedAccountBalances,
  extensionChargePostings,
  lateChargePostings,
  lossPartsOf,
  lossPostings,
  lossTotal,
  paymentPostings,
  recoveryPostings,
  refundPostings,
  refundReversalPostings,
  rebatePostings,
  type Posting,
} from './ledger';
import { MoneyError } from './money';
import { arbitraryBalance } from './worked-example.test-helper';

const total = (postings: readonly Posting[]) => postings.reduce((sum, p) => sum + p.amountMinor, 0);
const on = (postings: readonly Posting[], account: string) =>
  postings.filter((p) => p.account === account).reduce((sum, p) => sum + p.amountMinor, 0);

describe('ledger postings', () => {
  it('books a payout as the whole plan receivable, the commission kept and the rest paid out', () => {
    const postings = disbursalPostings({ principalMinor: 500_000, commissionMinor: 25_000, interestMinor: 30_000, taxMinor: 8_800 });
    expect(total(postings)).toBe(0);
    expect(on(postings, Account.LenderCash)).toBe(-475_000);
    expect(on(postings, Account.PrincipalReceivable) + on(postings, Account.InterestReceivable) + on(postings, Account.TaxReceivable)).toBe(538_800);
  });

  it('refuses postings that do not balance and drops zero lines', () => {
    expect(() => balanced([{ account: Account.LenderCash, amountMinor: 1 }])).toThrow(MoneyError);
    expect(balanced([{ account: Account.LenderCash, amountMinor: 0 }])).toEqual([]);
    expect(lateChargePostings(0)).toEqual([]);
  });

  it('balances every payment, whatever it pays, and clears exactly what the allocation paid', () => {
    fc.assert(
      fc.property(arbitraryBalance, fc.integer({ min: 1, max: 7_000_000 }), fc.integer({ min: 0, max: 50_000 }), (balance, amount, fee) => {
        const allocation = allocatePayment(balance, amount);
        const postings = paymentPostings({
          amountMinor: amount + fee,
          receivedInto: Account.CashInTransit,
          extensionFeeMinor: fee,
          lines: allocation.lines,
          creditMinor: allocation.creditMinor,
        });
        expect(total(postings)).toBe(0);
        const receivables = [Account.PrincipalReceivable, Account.InterestReceivable, Account.TaxReceivable, Account.LateChargesReceivable];
        const cleared = receivables.reduce((sum, account) => sum - on(postings, account), 0);
        expect(cleared).toBe(outstanding(balance) - outstanding(allocation.balanceAfter));
        expect(0 - on(postings, Account.BorrowerCredit)).toBe(allocation.creditMinor);
      }),
    );
  });

  it('writes an order off: every receivable is emptied, the principal is a loss and uncollected income is taken back', () => {
    fc.assert(
      fc.property(arbitraryBalance, (balance) => {
        const parts = lossPartsOf(balance);
        const postings = lossPostings(parts);
        expect(total(postings)).toBe(0);
        const expected = expectedAccountBalances(balance, 0);
        for (const account of [Account.PrincipalReceivable, Account.InterestReceivable, Account.TaxReceivable, Account.LateChargesReceivable] as const) {
          expect(on(postings, account) + expected[account]).toBe(0);
        }
        expect(lossTotal(parts)).toBe(outstanding(balance));
        expect(on(postings, Account.CreditLosses)).toBe(parts.principalMinor);
        expect(on(postings, Account.InterestIncome) + on(postings, Account.LateChargeIncome) + on(postings, Account.TaxPayable)).toBe(outstanding(balance) - parts.principalMinor);
      }),
    );
    const written = expectedAccountBalances({ lateChargesMinor: 5_00, installments: [{ seq: 1, dueDate: '2026-01-01', principalMinor: 100_00, interestMinor: 10_00, taxMinor: 1_60 }] }, 3_00, true);
    expect(written).toMatchObject({ [Account.PrincipalReceivable]: 0, [Account.LateChargesReceivable]: 0, [Account.BorrowerCredit]: -3_00 });
  });

  it('books money received after a write-off as a recovery, and what exceeds the debt as the borrower\'s', () => {
    const postings = recoveryPostings({ amountMinor: 150_00, receivedInto: Account.LenderCash, recoveredMinor: 120_00, creditMinor: 30_00 });
    expect(total(postings)).toBe(0);
    expect(on(postings, Account.Recoveries)).toBe(-120_00);
    expect(on(postings, Account.BorrowerCredit)).toBe(-30_00);
    expect(on(postings, Account.PrincipalReceivable)).toBe(0);
  });

  it('balances rebates and extension charges', () => {
    expect(total(rebatePostings([{ seq: 1, interestMinor: 700, taxMinor: 112 }]))).toBe(0);
    // A look-up period exit: the GST on the commission left unpaid is still owed, paid from the commission.
    const exit = rebatePostings([{ seq: 1, interestMinor: 700, taxMinor: 160, commissionTaxMinor: 48 }]);
    expect(total(exit)).toBe(0);
    expect([on(exit, Account.TaxPayable), on(exit, Account.CommissionIncome), on(exit, Account.TaxReceivable)]).toEqual([112, 48, -160]);
    const charge = extensionChargePostings({ interestMinor: 1_750, taxMinor: 280 });
    expect(total(charge)).toBe(0);
    expect(on(charge, Account.ExtensionFeeReceivable)).toBe(2_030);
  });

  it('expects the receivables to hold what the balance says is owed, and the credit as owed to the borrower', () => {
    fc.assert(
      fc.property(arbitraryBalance, fc.integer({ min: 0, max: 10_000 }), (balance, creditMinor) => {
        const expected = expectedAccountBalances(balance, creditMinor);
        expect(
          expected.principal_receivable + expected.interest_receivable + expected.tax_receivable + expected.late_charges_receivable,
        ).toBe(outstanding(balance));
        expect(expected.borrower_credit).toBe(-creditMinor);
      }),
    );
  });
});

describe('refunds of credit', () => {
  it('takes the credit off and the money out of where it was paid from; a reversal puts both back', () => {
    const refund = { amountMinor: 120_00, paidFrom: Account.CashInTransit } as const;
    expect(refundPostings(refund)).toEqual([
      { account: Account.BorrowerCredit, amountMinor: 120_00 },
      { account: Account.CashInTransit, amountMinor: -120_00 },
    ]);
    const both = [...refundPostings(refund), ...refundReversalPostings(refund)];
    for (const account of [Account.BorrowerCredit, Account.CashInTransit]) {
      expect(both.filter((p) => p.account === account).reduce((sum, p) => sum + p.amountMinor, 0)).toBe(0);
    }
    expect(refundPostings({ amountMinor: 5_00, paidFrom: Account.LenderCash }).map((p) => p.account)).toEqual([Account.BorrowerCredit, Account.LenderCash]);
  });
});
