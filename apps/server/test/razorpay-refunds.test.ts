import { createHmac, randomBytes } from 'node:crypto';
import { ErrorCode, MachinePath, OperatorPath, WEBHOOK_BASE, type RefundRequestAnswer, type RepayInstruction, type SettlementReportView } from '@lend/contracts';
import { Account, formatDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentExceptions, razorpayVirtualAccounts } from '../src/db/schema';
import { refunds } from '../src/db/schema';
import { createRazorpayClient } from '../src/providers/payments/razorpay-cash-payments';
import { RazorpayRefunds } from '../src/providers/refunds/razorpay-refunds';
import { createTestApp, type TestApp } from './helper';
import { RAZORPAY_TEST_TIMEOUT_MS, razorpayCashEnv, razorpayCashSuite } from './razorpay-helpers';
import { callBorrower, callOperatorApi } from './loan-helpers';
import { orderRow, owed, paymentsOf, repayingOrder, type RepayingOrder } from './payment-helpers';
import { createRefund, ledgerBalance, refundsOf } from './refund-helpers';
import { STAND_IN_KEY_ID, STAND_IN_KEY_SECRET, type RazorpayPayment, type RazorpayRefund, type RazorpayStandIn } from './stand-ins/razorpay-stand-in';

const WEBHOOK_SECRET = 'razorpay-webhook-secret-0002';
const BANK = 'bank-demo-in';

const suite = razorpayCashSuite(WEBHOOK_SECRET);
let stand: RazorpayStandIn;
let t: TestApp;
beforeAll(() => ({ t, stand } = suite));

async function deliverRazorpay(event: unknown, eventId = `E${randomBytes(7).toString('hex')}`) {
  const payload = JSON.stringify(event);
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(payload).digest('hex');
  const response = await t.app.inject({
    method: 'POST',
    url: `${WEBHOOK_BASE}/razorpay`,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
    payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** `refund.processed` / `refund.failed` as Razorpay sends them: the refund and its payment. */
function refundEvent(refund: RazorpayRefund, event: 'refund.processed' | 'refund.failed') {
  const payment = stand.capturedPayments.get(refund.payment_id);
  return {
    entity: 'event',
    account_id: 'acc_StandIn0001',
    event,
    contains: ['refund', 'payment'],
    payload: { refund: { entity: { ...refund, status: event === 'refund.processed' ? 'processed' : 'failed' } }, payment: { entity: payment } },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/**
 * An Indian borrower pays the order off and `extra` more by one transfer into their Smart Collect
 * account: that becomes credit (with the interest paying early saves).
 */
async function overpaidByTransfer(phone: string, extra: number): Promise<RepayingOrder & { payment: RazorpayPayment; credit: number }> {
  const order = await repayingOrder(t, phone, 'rupee-easy-91', formatDate(new Date(Date.now() + 20 * 86_400_000), 'IN'));
  const amount = await owed(t, order.orderId);
  const answer = await callBorrower<RepayInstruction>(t.app, order.session, MachinePath.repayInstruction, { orderId: order.orderNo, requestType: '1', amount, payCode: BANK });
  expect(answer.code).toBe(0);
  const [row] = await t.database.db.select().from(razorpayVirtualAccounts).where(eq(razorpayVirtualAccounts.borrowerId, Number(order.session.userId)));
  const account = row ? stand.accounts.get(row.virtualAccountId) : undefined;
  if (!account) throw new Error('no account opened');
  const payment = stand.capturedPayment(amount + extra, 'bank_transfer');
  const credited = {
    entity: 'event',
    account_id: 'acc_StandIn0001',
    event: 'virtual_account.credited',
    contains: ['payment', 'virtual_account'],
    payload: { payment: { entity: payment }, virtual_account: { entity: { ...account, amount_paid: payment.amount } } },
    created_at: Math.floor(Date.now() / 1000),
  };
  expect((await deliverRazorpay(credited)).status).toBe(200);
  const credit = (await orderRow(t, order.orderId)).creditMinor;
  expect(credit).toBeGreaterThanOrEqual(extra);
  return { ...order, payment, credit };
}

const refundsAtRazorpay = (payment: RazorpayPayment) => [...stand.refunds.values()].filter((r) => r.payment_id === payment.id);
const refundCalls = (payment: RazorpayPayment) => stand.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payments/${payment.id}/refund`);
const follow = () => callOperatorApi<{ followed: number; succeeded: number; failed: number }>(t.app, 'POST', OperatorPath.refundsFollow, {});

describe('refunds of credit taken through Razorpay', () => {
  it('refunds the payment once under 20 concurrent calls, and ends it once on refund.processed', async () => {
    const order = await overpaidByTransfer('9812480001', 300_00);
    expect((await paymentsOf(t, order.orderId))[0]).toMatchObject({ provider: 'razorpay', providerPaymentId: order.payment.id });
    const asked = await callBorrower<RefundRequestAnswer>(t.app, order.session, MachinePath.refundRequest, { orderId: order.orderNo });
    expect(asked).toMatchObject({ code: 0, data: { creditMinor: order.credit } });

    const answers = await Promise.all(Array.from({ length: 20 }, () => createRefund(t, { orderNo: order.orderNo })));
    expect(answers.filter((a) => a.code === 0 && !a.data.replay)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.code)).toEqual(Array(19).fill(ErrorCode.RefundNothingToRefund));
    const [row] = await refundsOf(t, order.orderId);
    const made = refundsAtRazorpay(order.payment);
    expect(made).toMatchObject([{ amount: order.credit, status: 'pending', receipt: `lend-refund-${row?.id}`, notes: { idempotencyKey: `refund-request:${asked.data.requestId}` } }]);
    expect(refundCalls(order.payment).map((c) => c.body)).toEqual([{ amount: order.credit, speed: 'normal', receipt: `lend-refund-${row?.id}`, notes: { idempotencyKey: `refund-request:${asked.data.requestId}` } }]);
    expect(row).toMatchObject({ provider: 'razorpay', providerPaymentId: order.payment.id, providerRefundId: made[0]?.id, status: 'pending' });
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);

    const refund = stand.settleRefund(made[0]?.id ?? '', 'processed');
    const eventId = `E${randomBytes(7).toString('hex')}`;
    expect(await deliverRazorpay(refundEvent(refund, 'refund.processed'), eventId)).toEqual({
      status: 200,
      body: { received: true, refunds: [{ providerRefundId: refund.id, outcome: 'applied', status: 'succeeded' }] },
    });
    expect((await refundsOf(t, order.orderId))[0]?.status).toBe('succeeded');
    // Razorpay delivers the same event again: nothing moves.
    expect((await deliverRazorpay(refundEvent(refund, 'refund.processed'), eventId)).body).toMatchObject({ refunds: [{ outcome: 'replay', status: 'succeeded' }] });
    expect(await ledgerBalance(t, order.orderId, Account.BorrowerCredit)).toBe(0);
    expect(refundCalls(order.payment)).toHaveLength(1);
  });

  it('makes one Razorpay refund when 20 calls carry the same idempotency key at once', async () => {
    const order = await overpaidByTransfer('9812480002', 120_00);
    const answers = await Promise.all(Array.from({ length: 20 }, () => createRefund(t, { orderNo: order.orderNo, idempotencyKey: `ops-${order.orderNo}` })));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(answers.filter((a) => !a.data.replay)).toHaveLength(1);
    expect(refundsAtRazorpay(order.payment)).toHaveLength(1);
    expect(refundCalls(order.payment)).toHaveLength(1);
    expect(await refundsOf(t, order.orderId)).toHaveLength(1);
  });

  it('keeps a refund pending when Razorpay times out in the middle, then finds it by its receipt without refunding twice', async () => {
    const order = await overpaidByTransfer('9812480003', 75_00);
    stand.timeOutNextRefunds(1);
    const made = await createRefund(t, { orderNo: order.orderNo });
    expect(made.code).toBe(0);
    expect(made.data.refund.status).toBe('pending');
    const [row] = await refundsOf(t, order.orderId);
    expect(row).toMatchObject({ status: 'pending', providerRefundId: null });
    // Razorpay made it; its answer was lost.
    expect(refundsAtRazorpay(order.payment)).toHaveLength(1);

    await follow();
    const atRazorpay = refundsAtRazorpay(order.payment)[0];
    expect((await refundsOf(t, order.orderId))[0]).toMatchObject({ status: 'pending', providerRefundId: atRazorpay?.id });
    expect(refundCalls(order.payment)).toHaveLength(1);
    expect(stand.calls.some((c) => c.method === 'GET' && c.path.startsWith(`/v1/payments/${order.payment.id}/refunds`))).toBe(true);

    stand.settleRefund(atRazorpay?.id ?? '', 'processed');
    await follow();
    expect((await refundsOf(t, order.orderId))[0]?.status).toBe('succeeded');
    expect(refundCalls(order.payment)).toHaveLength(1);
    expect(refundsAtRazorpay(order.payment)).toHaveLength(1);
  });

  it('gives up a refund Razorpay never answers at RAZORPAY_TIMEOUT_MS, leaves it pending, and the follow-up finds it by its receipt', async () => {
    const order = await overpaidByTransfer('9812480007', 80_00);
    stand.neverAnswerNext(1, 'POST');
    const started = Date.now();
    const made = await createRefund(t, { orderNo: order.orderNo });
    expect(Date.now() - started).toBeGreaterThanOrEqual(RAZORPAY_TEST_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(RAZORPAY_TEST_TIMEOUT_MS + 3_000);
    expect(made).toMatchObject({ code: 0, data: { refund: { status: 'pending' } } });
    expect((await refundsOf(t, order.orderId))[0]).toMatchObject({ status: 'pending', providerRefundId: null });
    // Razorpay made it; its answer never came.
    expect(refundsAtRazorpay(order.payment)).toHaveLength(1);

    await follow();
    expect((await refundsOf(t, order.orderId))[0]).toMatchObject({ status: 'pending', providerRefundId: refundsAtRazorpay(order.payment)[0]?.id });
    expect(refundCalls(order.payment)).toHaveLength(1);
  });

  it('makes a pending refund once when two servers follow it up at the same moment, and leaves one just sent to its sender', async () => {
    const order = await overpaidByTransfer('9812480008', 90_00);
    // Razorpay limits our rate when the refund is sent: it stays pending, nothing made at Razorpay.
    stand.rateLimitNext(1);
    expect((await createRefund(t, { orderNo: order.orderNo })).data.refund.status).toBe('pending');
    expect(refundsAtRazorpay(order.payment)).toHaveLength(0);
    const [row] = await refundsOf(t, order.orderId);
    if (!row) throw new Error('no refund');
    const env = { ...razorpayCashEnv(WEBHOOK_SECRET), REFUND_FOLLOW_AFTER_MS: '60000' };
    const one = await createTestApp({ sharing: t, env });
    const two = await createTestApp({ sharing: t, env });
    try {
      const followOn = (server: TestApp) => callOperatorApi<{ followed: number }>(server.app, 'POST', OperatorPath.refundsFollow, {});
      // Just sent: its sender's, not the follow-up's.
      expect((await followOn(one)).data.followed).toBe(0);
      expect(stand.calls.filter((c) => c.path.startsWith(`/v1/payments/${order.payment.id}/refund`))).toHaveLength(1);

      // Ten minutes on, both servers' follow-ups ask at the same moment, while Razorpay answers slowly.
      await t.database.db.update(refunds).set({ updatedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(refunds.id, row.id));
      stand.slowNext(2, 300);
      const [first, second] = await Promise.all([followOn(one), followOn(two)]);
      expect(first.data.followed + second.data.followed).toBe(1);
      expect(refundsAtRazorpay(order.payment)).toHaveLength(1);
      expect(refundCalls(order.payment)).toHaveLength(1);
      expect((await refundsOf(t, order.orderId))[0]).toMatchObject({ status: 'pending', providerRefundId: refundsAtRazorpay(order.payment)[0]?.id });
    } finally {
      stand.slowNext(0, 0);
      await two.close();
      await one.close();
    }
  });

  it('is one refund at Razorpay when two servers ask for it at the same moment: its receipt is Razorpay’s X-Refund-Idempotency key', async () => {
    const payment = stand.capturedPayment(500_00, 'upi');
    const account = { keyId: STAND_IN_KEY_ID, keySecret: STAND_IN_KEY_SECRET, webhookSecret: WEBHOOK_SECRET, timeoutMs: RAZORPAY_TEST_TIMEOUT_MS };
    const servers = [1, 2].map(() => new RazorpayRefunds('razorpay', createRazorpayClient(account), account));
    const request = { refundId: 990_001, idempotencyKey: 'refund-request:990001', providerPaymentId: payment.id, amountMinor: 200_00, currency: 'INR' as const };
    // Both read the payment's refunds before either has made one.
    stand.slowNext(2, 300);
    const answers = await Promise.allSettled(servers.map((server) => server.refund(request)));
    expect(refundsAtRazorpay(payment)).toMatchObject([{ amount: 200_00, receipt: 'lend-refund-990001' }]);
    expect(refundCalls(payment).every((call) => call.idempotencyKey === 'lend-refund-990001')).toBe(true);
    const named = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.refundId] : []));
    expect(named.length).toBeGreaterThanOrEqual(1);
    expect(new Set(named)).toEqual(new Set([refundsAtRazorpay(payment)[0]?.id]));
    // A payment of no order of ours: it leaves Razorpay's books before the day's settlement is read.
    for (const refund of refundsAtRazorpay(payment)) stand.refunds.delete(refund.id);
    stand.capturedPayments.delete(payment.id);
  });

  it('ends a refund whose answer was lost from its event, found by its receipt', async () => {
    const order = await overpaidByTransfer('9812480004', 60_00);
    stand.timeOutNextRefunds(1);
    expect((await createRefund(t, { orderNo: order.orderNo })).code).toBe(0);
    const refund = stand.settleRefund(refundsAtRazorpay(order.payment)[0]?.id ?? '', 'processed');
    expect((await deliverRazorpay(refundEvent(refund, 'refund.processed'))).body).toMatchObject({ refunds: [{ outcome: 'applied', status: 'succeeded' }] });
    expect((await refundsOf(t, order.orderId))[0]).toMatchObject({ status: 'succeeded', providerRefundId: refund.id });
  });

  it('gives the credit back on refund.failed, once, and when Razorpay refuses the refund', async () => {
    const order = await overpaidByTransfer('9812480005', 90_00);
    expect((await createRefund(t, { orderNo: order.orderNo })).code).toBe(0);
    const refund = stand.settleRefund(refundsAtRazorpay(order.payment)[0]?.id ?? '', 'failed');
    const eventId = `E${randomBytes(7).toString('hex')}`;
    expect((await deliverRazorpay(refundEvent(refund, 'refund.failed'), eventId)).body).toMatchObject({ refunds: [{ outcome: 'applied', status: 'failed' }] });
    expect((await deliverRazorpay(refundEvent(refund, 'refund.failed'), eventId)).body).toMatchObject({ refunds: [{ outcome: 'replay' }] });
    expect((await refundsOf(t, order.orderId))[0]).toMatchObject({ status: 'failed', providerRefundId: refund.id });
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(order.credit);
    expect(await ledgerBalance(t, order.orderId, Account.BorrowerCredit)).toBe(-order.credit);

    // Refunded in Razorpay's dashboard meanwhile: Razorpay refuses more than is left, nothing moves.
    const whole = order.payment.amount - order.payment.amount_refunded;
    stand.capturedPayments.set(order.payment.id, { ...order.payment, amount_refunded: order.payment.amount_refunded + whole, refund_status: 'full' });
    const refused = await createRefund(t, { orderNo: order.orderNo, idempotencyKey: 'razorpay-second-try' });
    expect(refused.code).toBe(0);
    expect(refused.data.refund.status).toBe('failed');
    expect(refundCalls(order.payment).at(-1)?.answered).toBe(400);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(order.credit);
  });

  it('keeps an event about a refund we never made for an operator, once', async () => {
    const stranger: RazorpayRefund = {
      id: 'rfnd_NeverOurs0001',
      entity: 'refund',
      amount: 500_00,
      currency: 'INR',
      payment_id: 'pay_NotOurs0000001',
      notes: {},
      receipt: null,
      acquirer_data: { arn: null },
      created_at: Math.floor(Date.now() / 1000),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    const eventId = `E${randomBytes(7).toString('hex')}`;
    expect(await deliverRazorpay(refundEvent(stranger, 'refund.processed'), eventId)).toEqual({
      status: 200,
      body: { received: true, refunds: [{ providerRefundId: stranger.id, outcome: 'parked' }] },
    });
    await deliverRazorpay(refundEvent(stranger, 'refund.processed'), eventId);
    const parked = await t.database.db.select().from(paymentExceptions).where(eq(paymentExceptions.eventId, eventId));
    expect(parked).toMatchObject([{ provider: 'razorpay', reason: 'unknown_refund' }]);
    const listed = await callOperatorApi<{ items: { eventId: string; reason: string }[] }>(t.app, 'GET', OperatorPath.paymentExceptions);
    expect(listed.data.items.find((item) => item.eventId === eventId)).toMatchObject({ reason: 'unknown_refund' });
    // A refund event without its refund is not one.
    expect(await deliverRazorpay({ entity: 'event', event: 'refund.processed', payload: {} })).toMatchObject({ status: 400, body: { error: 'invalid_event' } });
  });
});

describe("Razorpay's settlement recon as the settlement report", () => {
  it('matches the day, lists a mismatch of each kind and totals the fees', async () => {
    const order = await overpaidByTransfer('9812480101', 40_00);
    expect((await createRefund(t, { orderNo: order.orderNo })).code).toBe(0);
    const refund = stand.settleRefund(refundsAtRazorpay(order.payment)[0]?.id ?? '', 'processed');
    await deliverRazorpay(refundEvent(refund, 'refund.processed'));
    const unsettled = await overpaidByTransfer('9812480102', 10_00);
    stand.settle();
    // Razorpay has not settled one of our payments, and settled a payment that reached no webhook of ours.
    stand.reconItems.splice(
      stand.reconItems.findIndex((item) => item.entity_id === unsettled.payment.id),
      1,
    );
    const now = Math.floor(Date.now() / 1000);
    stand.addReconItem({ entity_id: 'pay_NeverReported01', type: 'payment', amount: 123_00, fee: 2_90, tax: 44, created_at: now });
    // A transfer to a linked account is not a borrower's payment.
    stand.addReconItem({ entity_id: 'trf_LinkedAccount1', type: 'transfer', amount: 5_00, created_at: now });

    const day = new Date().toISOString().slice(0, 10);
    const answer = await callOperatorApi<{ reports: SettlementReportView[] }>(t.app, 'POST', OperatorPath.settlementReports, { day, provider: 'razorpay' });
    expect(answer.code).toBe(0);
    const [report] = answer.data.reports;
    expect(report?.missingInLedger).toEqual([{ providerTxId: 'pay_NeverReported01', kind: 'payment', amountMinor: 123_00, currency: 'INR', feeMinor: 2_90, reason: 'not-in-ledger' }]);
    expect(report?.missingAtProvider).toEqual([{ kind: 'payment', providerTxId: unsettled.payment.id, amountMinor: unsettled.payment.amount, orderNo: unsettled.orderNo }]);
    // This order's payment and refund, and the earlier tests' payments and processed refunds.
    expect(report?.matchedCount).toBeGreaterThanOrEqual(2);
    const fees = stand.reconItems.filter((item) => item.type === 'payment' || item.type === 'refund').reduce((sum, item) => sum + item.fee, 0);
    expect(report?.feeTotalMinor).toBe(fees);
    expect(stand.calls.some((c) => c.method === 'GET' && c.path.startsWith('/v1/settlements/recon/combined'))).toBe(true);
  });
});
