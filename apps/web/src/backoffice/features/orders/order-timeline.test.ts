import { LoanStatus, type OrderSummary, type PayoutView } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { orderActions, orderTimeline } from './order-timeline';

const order = (changes: Partial<OrderSummary>): OrderSummary => ({
  orderNo: 'L1',
  userId: 1,
  productId: 1,
  productCode: 'peso-flex-91',
  productName: 'PesoFlex 91',
  market: 'MX',
  currency: 'MXN',
  borrowerName: 'Ana López',
  status: LoanStatus.UnderReview,
  principalMinor: 500_000,
  disbursalMinor: 475_000,
  discountMinor: 0,
  totalRepayableMinor: 530_390,
  penaltyMinor: 0,
  penaltyPaidMinor: 0,
  creditMinor: 0,
  extensionsUsed: 0,
  termDays: 91,
  periods: 1,
  dueDate: null,
  score: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  approvedAt: null,
  disbursedAt: null,
  settledAt: null,
  delinquency: null,
  ...changes,
});

const payout = (changes: Partial<PayoutView>): PayoutView => ({
  orderNo: 'L1',
  market: 'MX',
  provider: 'sandbox',
  amountMinor: 475_000,
  currency: 'MXN',
  status: 'queued',
  reason: null,
  detail: null,
  accountLast4: '1234',
  transferRef: null,
  idempotencyKey: 'k1',
  attempts: 0,
  createdAt: '2026-11-20T11:00:00.000Z',
  paidAt: null,
  ...changes,
});

describe('an order’s timeline', () => {
  it('puts status changes and payouts in time order, a status before the payout it started at the same instant', () => {
    const paidOut = order({ status: LoanStatus.Disbursed, approvedAt: '2026-11-20T11:00:00.000Z', disbursedAt: '2026-11-20T12:00:00.000Z' });
    const sent = payout({ status: 'paid', transferRef: 'TR-9', paidAt: '2026-11-20T11:59:00.000Z' });
    expect(orderTimeline(paidOut, [sent]).map((event) => (event.kind === 'status' ? event.status : `${event.stage}:${event.payout.transferRef ?? ''}`))).toEqual([
      LoanStatus.UnderReview,
      LoanStatus.Disbursing,
      'created:TR-9',
      'paid:TR-9',
      LoanStatus.Disbursed,
    ]);
  });

  it('shows only the placing of an order under review', () => {
    expect(orderTimeline(order({}), [])).toEqual([{ kind: 'status', at: '2026-11-20T10:00:00.000Z', status: LoanStatus.UnderReview }]);
  });
});

describe('what an operator may do to an order', () => {
  it('approves or rejects under review; sends a waiting payout; retries a rejected one; nothing once paid out', () => {
    expect(orderActions(order({}), undefined)).toEqual({ approve: true, reject: true, disburse: false, retry: false });
    const approved = order({ status: LoanStatus.Disbursing, approvedAt: '2026-11-20T11:00:00.000Z' });
    expect(orderActions(approved, payout({}))).toEqual({ approve: false, reject: true, disburse: true, retry: false });
    expect(orderActions(approved, payout({ status: 'processing' }))).toEqual({ approve: false, reject: false, disburse: true, retry: false });
    expect(orderActions(approved, payout({ status: 'held', reason: 'no-account' }))).toEqual({ approve: false, reject: true, disburse: false, retry: false });
    expect(orderActions(approved, payout({ status: 'rejected', reason: 'account closed' }))).toEqual({ approve: false, reject: true, disburse: false, retry: true });
    expect(orderActions(order({ status: LoanStatus.Disbursed }), payout({ status: 'paid' }))).toEqual({ approve: false, reject: false, disburse: false, retry: false });
  });
});
