import { LOAN_STATUS_CODES, LoanStatus } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocatePayment } from './allocation';
import {
  canExtend,
  canRate,
  clockEvent,
  nextStatus,
  OrderEvent,
  orderActions,
  ORDER_TRANSITIONS,
  REPAYING_STATUSES,
  showsLoanList,
  statusAfterPayment,
} from './order-status';
import { arbitraryBalance, arbitraryDay, workedExampleBalance } from './worked-example.test-helper';

describe('order status machine', () => {
  it('walks an order from review to settled', () => {
    let status: number = LoanStatus.UnderReview;
    for (const event of [OrderEvent.Approve, OrderEvent.Disburse, OrderEvent.DueDateReached, OrderEvent.DueDatePassed, OrderEvent.PaidInFull]) {
      const next = nextStatus(status, event);
      expect(next, event).not.toBeNull();
      status = next ?? status;
    }
    expect(status).toBe(LoanStatus.Settled);
  });

  it('refuses transitions that do not exist', () => {
    expect(nextStatus(LoanStatus.UnderReview, OrderEvent.Disburse)).toBeNull();
    expect(nextStatus(LoanStatus.Rejected, OrderEvent.Approve)).toBeNull();
    expect(nextStatus(LoanStatus.Settled, OrderEvent.DueDatePassed)).toBeNull();
    expect(nextStatus(LoanStatus.Disbursed, OrderEvent.Reject)).toBeNull();
  });

  it('lists only known statuses, and never leaves a rejected or settled order', () => {
    for (const t of ORDER_TRANSITIONS) {
      expect(LOAN_STATUS_CODES).toContain(t.from);
      expect(LOAN_STATUS_CODES).toContain(t.to);
      expect([LoanStatus.Rejected, LoanStatus.Settled]).not.toContain(t.from);
    }
  });

  it('moves orders forward by the clock only: due on the day, overdue after', () => {
    expect(clockEvent(LoanStatus.Disbursed, '2026-03-10', '2026-03-09')).toBeNull();
    expect(clockEvent(LoanStatus.Disbursed, '2026-03-10', '2026-03-10')).toBe(OrderEvent.DueDateReached);
    expect(clockEvent(LoanStatus.Disbursed, '2026-03-10', '2026-03-12')).toBe(OrderEvent.DueDatePassed);
    expect(clockEvent(LoanStatus.Due, '2026-03-10', '2026-03-10')).toBeNull();
    expect(clockEvent(LoanStatus.Due, '2026-03-10', '2026-03-11')).toBe(OrderEvent.DueDatePassed);
    expect(clockEvent(LoanStatus.Overdue, '2026-03-10', '2026-03-20')).toBeNull();
    expect(clockEvent(LoanStatus.UnderReview, '2026-03-10', '2026-03-20')).toBeNull();
  });

  it('gives each status its buttons', () => {
    expect(orderActions(LoanStatus.UnderReview, true)).toEqual([]);
    expect(orderActions(LoanStatus.Disbursing, true)).toEqual([]);
    expect(orderActions(LoanStatus.Rejected, true)).toEqual([]);
    expect(orderActions(LoanStatus.Disbursed, true)).toEqual(['repay']);
    expect(orderActions(LoanStatus.Due, true)).toEqual(['repay', 'delay']);
    expect(orderActions(LoanStatus.Due, false)).toEqual(['repay']);
    expect(orderActions(LoanStatus.Overdue, true)).toEqual(['repay', 'delay']);
    expect(orderActions(LoanStatus.Settled, false)).toEqual(['borrowAgain']);
    expect(showsLoanList(LoanStatus.Rejected)).toBe(false);
    expect(showsLoanList(LoanStatus.Settled)).toBe(true);
  });

  it('offers an extension while due or late until the allowance is used, and a rating once per order', () => {
    expect(canExtend(LoanStatus.Due, 0, 1)).toBe(true);
    expect(canExtend(LoanStatus.Overdue, 1, 1)).toBe(false);
    expect(canExtend(LoanStatus.Disbursed, 0, 1)).toBe(false);
    expect(canExtend(LoanStatus.Due, 0, 0)).toBe(false);
    expect(canRate(LoanStatus.Settled, false)).toBe(true);
    expect(canRate(LoanStatus.Settled, true)).toBe(false);
    for (const status of [LoanStatus.UnderReview, LoanStatus.Disbursing, LoanStatus.Rejected, ...REPAYING_STATUSES]) expect(canRate(status, false)).toBe(false);
  });
});

describe('statusAfterPayment', () => {
  const unpaid = workedExampleBalance();
  const firstPaid = allocatePayment(unpaid, 134_700).balanceAfter;
  const allPaid = allocatePayment(unpaid, 538_800).balanceAfter;

  it('settles a repaying order when nothing is owed, and moves a due or late one back once caught up', () => {
    for (const status of REPAYING_STATUSES) expect(statusAfterPayment(status, allPaid, '2026-02-05')).toBe(OrderEvent.PaidInFull);
    // The first installment fell due on 2026-01-31; paying it brings the order back on schedule.
    expect(statusAfterPayment(LoanStatus.Overdue, firstPaid, '2026-02-05')).toBe(OrderEvent.CaughtUp);
    expect(statusAfterPayment(LoanStatus.Due, firstPaid, '2026-01-31')).toBe(OrderEvent.CaughtUp);
    // Still something late, or already on schedule: no move.
    expect(statusAfterPayment(LoanStatus.Overdue, { ...firstPaid, lateChargesMinor: 1 }, '2026-02-05')).toBeNull();
    expect(statusAfterPayment(LoanStatus.Overdue, firstPaid, '2026-03-03')).toBeNull();
    expect(statusAfterPayment(LoanStatus.Disbursed, firstPaid, '2026-02-05')).toBeNull();
  });

  it('leaves orders that are not repaying where they are (a payment on a settled order is credit)', () => {
    for (const status of [LoanStatus.UnderReview, LoanStatus.Disbursing, LoanStatus.Rejected, LoanStatus.Settled]) {
      expect(statusAfterPayment(status, allPaid, '2026-02-05')).toBeNull();
    }
  });

  it('only ever answers a payment transition the machine has', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOAN_STATUS_CODES), arbitraryBalance, arbitraryDay, (status, balance, today) => {
        const event = statusAfterPayment(status, balance, today);
        if (event === null) return;
        expect(ORDER_TRANSITIONS.find((t) => t.from === status && t.event === event)?.by).toBe('payment');
      }),
    );
  });
});
