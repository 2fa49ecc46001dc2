import { ErrorCode, MachinePath, OperatorPath, type RefundRequestAnswer, type SettlementReportView } from '@lend/contracts';
import { Account } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/payments';
import type { TestApp } from './helper';
import { callBorrower, callOperatorApi } from './loan-helpers';
import { orderRow } from './payment-helpers';
import { createRefund, ledgerBalance, refundsOf } from './refund-helpers';
import { strayOxxoPayment, stripeApi, stripeCashApp, stripeCashFlows } from './stripe-cash-helpers';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe-stand-in';

const WEBHOOK_SECRET = `whsec_${'e5f6a7b8'.repeat(4)}`;

let stand: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  stand = await startStripeStandIn();
  t = await stripeCashApp(stand.url, WEBHOOK_SECRET);
});
const overpaidAtOxxo = (phone: string, extra: number) => stripeCashFlows(t, stand, WEBHOOK_SECRET).overpaidAtOxxo(phone, extra);
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

async function booksBalance() {
  expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
}

const follow = () => callOperatorApi<{ followed: number; succeeded: number; failed: number }>(t.app, 'POST', OperatorPath.refundsFollow, {});

describe('refunds of credit taken through Stripe', () => {
  it('refunds an OXXO overpayment through Stripe once under 20 concurrent calls, and follows it to succeeded', async () => {
    const { order, oxxo } = await overpaidAtOxxo('5566690001', 250_00);
    const asked = await callBorrower<RefundRequestAnswer>(t.app, order.session, MachinePath.refundRequest, { orderId: order.orderNo });
    expect(asked).toMatchObject({ code: 0, data: { creditMinor: 250_00, status: 'open' } });

    const answers = await Promise.all(Array.from({ length: 20 }, () => createRefund(t, { orderNo: order.orderNo })));
    expect(answers.filter((a) => a.code === 0 && !a.data.replay)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.code)).toEqual(Array(19).fill(ErrorCode.RefundNothingToRefund));
    const made = [...stand.refunds.values()].filter((r) => r.payment_intent === oxxo.id);
    expect(made).toMatchObject([{ amount: 250_00, status: 'pending', metadata: { idempotencyKey: `refund-request:${asked.data.requestId}` } }]);
    const call = stand.calls.find((c) => c.path === '/v1/refunds' && c.idempotencyKey !== undefined && c.form.payment_intent === oxxo.id);
    expect(call).toMatchObject({ idempotencyKey: `refund-request:${asked.data.requestId}`, form: { amount: '25000' } });
    const [row] = await refundsOf(t, order.orderId);
    expect(row).toMatchObject({ provider: 'stripe', providerPaymentId: oxxo.id, providerRefundId: made[0]?.id, status: 'pending' });
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);
    await booksBalance();

    // Still pending at Stripe: following it asks Stripe for that refund and leaves it pending.
    await follow();
    expect((await refundsOf(t, order.orderId))[0]?.status).toBe('pending');
    expect(stand.calls.some((c) => c.path === `/v1/refunds/${made[0]?.id ?? ''}`)).toBe(true);
    stand.settleRefund(made[0]?.id ?? '', 'succeeded');
    await follow();
    expect((await refundsOf(t, order.orderId))[0]?.status).toBe('succeeded');
    expect(await ledgerBalance(t, order.orderId, Account.BorrowerCredit)).toBe(0);
    // Stripe was asked to make it once.
    expect([...stand.refunds.values()].filter((r) => r.payment_intent === oxxo.id)).toHaveLength(1);
    await booksBalance();
  });

  it('gives the credit back when Stripe fails the refund, and when Stripe refuses more than is left', async () => {
    const { order, oxxo } = await overpaidAtOxxo('5566690002', 80_00);
    expect((await createRefund(t, { orderNo: order.orderNo })).code).toBe(0);
    const refund = [...stand.refunds.values()].find((r) => r.payment_intent === oxxo.id);
    stand.settleRefund(refund?.id ?? '', 'failed');
    await follow();
    expect((await refundsOf(t, order.orderId))[0]).toMatchObject({ status: 'failed', providerRefundId: refund?.id });
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(80_00);
    expect(await ledgerBalance(t, order.orderId, Account.BorrowerCredit)).toBe(-80_00);
    await booksBalance();

    // Stripe itself has already returned the whole payment (outside our books): it refuses, nothing moves.
    const elsewhere = await stripeApi(stand).refunds.create({ payment_intent: oxxo.id });
    expect(elsewhere.amount).toBe(80_00);
    const refused = await createRefund(t, { orderNo: order.orderNo, idempotencyKey: 'second-try' });
    expect(refused.code).toBe(0);
    expect((await refundsOf(t, order.orderId)).find((r) => r.idempotencyKey === 'second-try')).toMatchObject({ status: 'failed', providerRefundId: 'refused-second-try' });
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(80_00);
    await booksBalance();
  });
});

describe("Stripe's balance transactions as the settlement report", () => {
  it('matches the day, lists a mismatch of each kind and totals the fees', async () => {
    const { order, oxxo, spei } = await overpaidAtOxxo('5566690003', 30_00);
    expect((await createRefund(t, { orderNo: order.orderNo })).code).toBe(0);
    const refund = [...stand.refunds.values()].find((r) => r.payment_intent === oxxo.id);
    stand.settleRefund(refund?.id ?? '', 'succeeded');
    await follow();
    const now = Math.floor(Date.now() / 1000);
    // A voucher paid at OXXO whose webhook never reached us.
    const stray = await strayOxxoPayment(stand, 123_00);
    stand.addBalanceTransaction({ id: 'txn_fee', amount: -7_00, created: now, currency: 'mxn', fee: 0, net: -7_00, source: null, status: 'available', type: 'stripe_fee' });
    // Stripe lists a hundred a page: enough others of the day to need a second page.
    for (let i = 0; i < 100; i += 1) {
      stand.addBalanceTransaction({ id: `txn_payout_${i}`, amount: -1_00, created: now, currency: 'mxn', fee: 0, net: -1_00, source: null, status: 'available', type: 'payout' });
    }
    // A payment of ours Stripe does not list.
    const index = stand.balanceTransactions.findIndex((tx) => tx.type === 'charge' && tx.source === stand.chargeOf(spei.id));
    expect(index).toBeGreaterThanOrEqual(0);
    stand.balanceTransactions.splice(index, 1);

    const day = new Date().toISOString().slice(0, 10);
    const answer = await callOperatorApi<{ reports: SettlementReportView[] }>(t.app, 'POST', OperatorPath.settlementReports, { day, provider: 'stripe' });
    expect(answer.code).toBe(0);
    const [report] = answer.data.reports;
    // The earlier test's refund made in Stripe's dashboard is rightly listed too; this order's are matched.
    const elsewhere = [...stand.refunds.values()].filter((r) => !r.metadata.idempotencyKey).map((r) => r.id);
    expect(report?.missingInLedger.filter((line) => !elsewhere.includes(line.providerTxId))).toEqual([{ providerTxId: stray.id, kind: 'payment', amountMinor: 123_00, currency: 'MXN', feeMinor: Math.round(123_00 * 0.036), reason: 'not-in-ledger' }]);
    expect(report?.missingAtProvider).toEqual([{ kind: 'payment', providerTxId: spei.id, amountMinor: spei.amount_received, orderNo: order.orderNo }]);
    // This order's OXXO payment and refund, and the earlier tests' payments and refunds.
    expect(report?.matchedCount).toBeGreaterThanOrEqual(2);
    const chargeFees = stand.balanceTransactions.filter((tx) => tx.type === 'charge').reduce((sum, tx) => sum + tx.fee, 0);
    expect(report?.feeTotalMinor).toBe(chargeFees + 7_00);
    expect(stand.calls.filter((c) => c.path === '/v1/balance_transactions').length).toBeGreaterThanOrEqual(2);
    await booksBalance();
  });
});
