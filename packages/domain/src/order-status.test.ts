import { LOAN_STATUS_CODES, LoanStatus } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { canExtend, canRate, clockEvent, nextStatus, OrderEvent, orderActions, ORDER_TRANSITIONS, showsLoanList } from './order-status';

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
    expect(nextStatus(LoanStatus.Disbursing, OrderEvent.Reject)).toBeNull();
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
    expect(canRate(LoanStatus.Disbursed, false)).toBe(true);
    expect(canRate(LoanStatus.Settled, true)).toBe(false);
    expect(canRate(LoanStatus.UnderReview, false)).toBe(false);
  });
});
