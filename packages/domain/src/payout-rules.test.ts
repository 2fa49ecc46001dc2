import { LoanStatus } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { registeredNameMatches } from './identity';
import { Account, disbursalPostings, disbursalReversalPostings, lateChargePostings, paymentPostings, payoutRestatementPostings, type Posting } from './ledger';
import { nextStatus, OrderEvent } from './order-status';

describe('a payout reversed', () => {
  it('undoes the disbursal account by account', () => {
    const loan = { principalMinor: 1_000_00, commissionMinor: 100_00, interestMinor: 150_00, taxMinor: 24_00 };
    const reversal = disbursalReversalPostings(loan);
    expect(reversal.find((p) => p.account === Account.LenderCash)?.amountMinor).toBe(900_00);
    expect(reversal.find((p) => p.account === Account.PrincipalReceivable)?.amountMinor).toBe(-1_000_00);
    const net = new Map<string, number>();
    for (const p of [...disbursalPostings(loan), ...reversal]) net.set(p.account, (net.get(p.account) ?? 0) + p.amountMinor);
    expect([...net.values()].every((amount) => amount === 0)).toBe(true);
  });

  it('moves a paid-out order back to being paid out, and lets an approved order be rejected', () => {
    expect(nextStatus(LoanStatus.Disbursed, OrderEvent.PayoutReversed)).toBe(LoanStatus.Disbursing);
    expect(nextStatus(LoanStatus.Due, OrderEvent.PayoutReversed)).toBeNull();
    expect(nextStatus(LoanStatus.Disbursing, OrderEvent.Reject)).toBe(LoanStatus.Rejected);
  });
});

describe('a payout returned after a repayment, restated', () => {
  const sum = (entries: readonly Posting[][]) => {
    const net = new Map<string, number>();
    for (const p of entries.flat()) net.set(p.account, (net.get(p.account) ?? 0) + p.amountMinor);
    return net;
  };

  it('clears every receivable, income and tax account and owes the borrower what they paid', () => {
    const loan = { principalMinor: 1_000_00, commissionMinor: 100_00, interestMinor: 150_00, taxMinor: 24_00 };
    const lines = [
      { component: 'lateCharges' as const, amountMinor: 30_00, seq: 1 },
      { component: 'interest' as const, amountMinor: 50_00, seq: 1 },
      { component: 'principal' as const, amountMinor: 20_00, seq: 1 },
    ];
    const booked = [
      disbursalPostings(loan),
      lateChargePostings(40_00),
      paymentPostings({ amountMinor: 105_00, receivedInto: Account.LenderCash, extensionFeeMinor: 0, lines, creditMinor: 5_00 }),
      disbursalReversalPostings(loan),
    ];
    const restatement = payoutRestatementPostings(sum(booked));
    const after = sum([...booked, restatement]);
    for (const [account, balance] of after) {
      if (account === Account.LenderCash) expect(balance).toBe(105_00);
      else if (account === Account.BorrowerCredit) expect(balance).toBe(-105_00);
      else expect(balance, account).toBe(0);
    }
  });

  it('moves nothing on books already clear', () => {
    expect(payoutRestatementPostings(new Map([[Account.LenderCash, 0]]))).toEqual([]);
  });
});

describe("the bank's name for an account", () => {
  it('matches whatever the case, accents and word order', () => {
    expect(registeredNameMatches('HERNANDEZ GARCIA GLORIA', 'Gloria Hernández García')).toBe(true);
    expect(registeredNameMatches('priya sharma', 'Priya Sharma')).toBe(true);
  });

  it('matches a name the bank keeps shorter, never a different person', () => {
    expect(registeredNameMatches('GLORIA HERNANDEZ', 'Gloria Hernández García')).toBe(true);
    expect(registeredNameMatches('GLORIA', 'Gloria Hernández García')).toBe(false);
    expect(registeredNameMatches('MARIA HERNANDEZ GARCIA', 'Gloria Hernández García')).toBe(false);
  });
});
