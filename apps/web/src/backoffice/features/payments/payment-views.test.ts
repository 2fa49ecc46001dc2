import { describe, expect, it } from 'vitest';
import type { PaymentException } from '@lend/contracts';
import { approvalStanding, cleanOrderNo, defaultSettlementDay, exceptionOrderNo, exceptionStateOf, ledgerMismatchLines, paymentViewOf, referenceStateOf, webhookOutcomeOf } from './payment-views';

describe('the Payments section’s logic', () => {
  it('opens the page the address names, and the payments received otherwise', () => {
    expect(paymentViewOf('refunds')).toBe('refunds');
    expect(paymentViewOf('ledger')).toBe('ledger');
    expect(paymentViewOf(null)).toBe('received');
    expect(paymentViewOf('drop-table')).toBe('received');
    expect(paymentViewOf('cards')).toBe('cards');
    expect(paymentViewOf('references')).toBe('references');
  });

  it('lets only an administrator who did not ask decide a refund above the limit', () => {
    const asked = { requestedByStaffId: 7 };
    expect(approvalStanding(asked, { staffId: 7, role: 'admin' })).toBe('mine');
    expect(approvalStanding(asked, { staffId: 8, role: 'admin' })).toBe('decide');
    expect(approvalStanding(asked, { staffId: 8, role: 'credit-officer' })).toBe('needs-admin');
    expect(approvalStanding({ requestedByStaffId: null }, { staffId: 8, role: 'admin' })).toBe('decide');
  });

  it('takes a reference state from the address only when it is one', () => {
    expect(referenceStateOf('paid')).toBe('paid');
    expect(referenceStateOf('everything')).toBeUndefined();
    expect(referenceStateOf(null)).toBeUndefined();
    expect(webhookOutcomeOf('duplicate')).toBe('duplicate');
    expect(webhookOutcomeOf('lost')).toBeUndefined();
    expect(paymentViewOf('webhooks')).toBe('webhooks');
  });

  it('shows the open exceptions unless the address asks for resolved ones or all', () => {
    expect(exceptionStateOf(null)).toBe('open');
    expect(exceptionStateOf('resolved')).toBe('resolved');
    expect(exceptionStateOf('all')).toBe('all');
    expect(exceptionStateOf('closed')).toBe('open');
  });

  it('keeps only what could name an order', () => {
    expect(cleanOrderNo(' mx-0012 34 ')).toBe('mx001234');
    expect(cleanOrderNo('A'.repeat(40))).toHaveLength(32);
  });

  it('offers yesterday in UTC as the settlement day, across a month’s end', () => {
    expect(defaultSettlementDay(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02-28');
    expect(defaultSettlementDay(new Date('2026-11-26T23:59:00Z'))).toBe('2026-11-25');
  });

  it('finds the order a parked delivery names, whatever the provider calls it', () => {
    const parked = (event: Record<string, unknown>): PaymentException => ({ id: 1, provider: 'p', eventId: 'e', reason: 'paid_in_future', paymentId: null, event, receivedAt: '2026-01-01T00:00:00Z', resolution: null });
    expect(exceptionOrderNo(parked({ orderNo: 'A1' }))).toBe('A1');
    expect(exceptionOrderNo(parked({ order_id: 'B2', amount: 5 }))).toBe('B2');
    expect(exceptionOrderNo(parked({ orderNo: 7 }))).toBeUndefined();
  });

  it('writes each mismatch of the books’ check as its order and what disagrees', () => {
    const lines = ledgerMismatchLines({
      ordersChecked: 3,
      mismatchCount: 2,
      mismatches: [
        { kind: 'account', orderNo: 'A1', account: 'receivable', orderSaysMinor: 500, ledgerSaysMinor: 400 },
        { kind: 'unbalanced-entry', entryId: 9, orderId: 4, sumMinor: 1 },
      ],
    });
    expect(lines).toEqual([
      { key: '0', kind: 'account', orderNo: 'A1', detail: 'account: receivable, orderSaysMinor: 500, ledgerSaysMinor: 400' },
      { key: '1', kind: 'unbalanced-entry', orderNo: '', detail: 'entryId: 9, orderId: 4, sumMinor: 1' },
    ]);
  });
});
