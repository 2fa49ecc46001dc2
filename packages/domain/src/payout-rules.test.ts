import { LoanStatus } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { registeredNameMatches } from './identity';
import { Account, disbursalPostings, disbursalReversalPostings } from './ledger';
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
