import { randomBytes } from 'node:crypto';
import { OperatorPath } from '@lend/contracts';
import { Account } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentExceptions } from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import type { TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { orderRow } from './payment-helpers';
import { createRefund, ledgerBalance, refundsOf } from './refund-helpers';
import { stripeApi, stripeCashApp, stripeCashFlows } from './stripe-cash-helpers';
import { startStripeStandIn, type StripeIntent, type StripeStandIn } from './stand-ins/stripe-stand-in';

const WEBHOOK_SECRET = `whsec_${'a9b8c7d6'.repeat(4)}`;

let stand: StripeStandIn;
let t: TestApp;
let flows: ReturnType<typeof stripeCashFlows>;
beforeAll(async () => {
  stand = await startStripeStandIn();
  t = await stripeCashApp(stand.url, WEBHOOK_SECRET);
  flows = stripeCashFlows(t, stand, WEBHOOK_SECRET);
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});
afterEach(async () => {
  // Whatever a test moved, the books balance and agree with the orders.
  if (t) expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
});

/** An OXXO overpayment of `extra` refunded through Stripe: the refund pending at Stripe. */
async function refundedOverpayment(phone: string, extra: number) {
  const { order, oxxo } = await flows.overpaidAtOxxo(phone, extra);
  expect((await createRefund(t, { orderNo: order.orderNo })).code).toBe(0);
  const refund = [...stand.refunds.values()].find((r) => r.payment_intent === oxxo.id);
  if (!refund) throw new Error('no refund at Stripe');
  expect((await refundsOf(t, order.orderId))[0]).toMatchObject({ status: 'pending', providerRefundId: refund.id });
  return { order, oxxo, refund };
}

/** The charge of a paid intent as Stripe's `charge.refunded` carries it. */
async function refundedCharge(intent: StripeIntent) {
  const charge = await stripeApi(stand).charges.retrieve(stand.chargeOf(intent.id) ?? '');
  const refunded = [...stand.refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
  return { ...charge, amount_refunded: refunded, refunded: refunded === charge.amount };
}

const stripeCalls = () => stand.calls.length;

describe("Stripe's refund events", () => {
  it('ends a refund on refund.updated, applying a replayed event once', async () => {
    const { order, refund } = await refundedOverpayment('5566670001', 45_00);
    const settled = stand.settleRefund(refund.id, 'succeeded');
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    const callsBefore = stripeCalls();
    expect(await flows.deliverEvent('refund.updated', settled, eventId)).toEqual({
      status: 200,
      body: { received: true, refunds: [{ providerRefundId: refund.id, outcome: 'applied', status: 'succeeded' }] },
    });
    // The event itself carries the refund: Stripe is not asked.
    expect(stripeCalls()).toBe(callsBefore);
    expect((await refundsOf(t, order.orderId))[0]?.status).toBe('succeeded');
    expect((await flows.deliverEvent('refund.updated', settled, eventId)).body).toMatchObject({ refunds: [{ outcome: 'replay', status: 'succeeded' }] });
    expect(await ledgerBalance(t, order.orderId, Account.BorrowerCredit)).toBe(0);
    // Nothing left for the follow-up.
    const followed = await callOperatorApi<{ followed: number }>(t.app, 'POST', OperatorPath.refundsFollow, {});
    expect(followed.data.followed).toBe(0);
  });

  it("ends a refund on charge.refunded, reading the charge's refunds from Stripe", async () => {
    const { order, oxxo, refund } = await refundedOverpayment('5566670002', 55_00);
    stand.settleRefund(refund.id, 'succeeded');
    const charge = await refundedCharge(oxxo);
    const answer = await flows.deliverEvent('charge.refunded', charge);
    expect(answer).toEqual({ status: 200, body: { received: true, refunds: [{ providerRefundId: refund.id, outcome: 'applied', status: 'succeeded' }] } });
    expect((await refundsOf(t, order.orderId))[0]?.status).toBe('succeeded');
    expect(stand.calls.some((c) => c.path === '/v1/refunds' && c.idempotencyKey === undefined)).toBe(true);
  });

  it('reverses a refund on refund.failed and gives the credit back, once', async () => {
    const { order, refund } = await refundedOverpayment('5566670003', 65_00);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);
    const failed = stand.settleRefund(refund.id, 'failed');
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    expect((await flows.deliverEvent('refund.failed', failed, eventId)).body).toMatchObject({ refunds: [{ outcome: 'applied', status: 'failed' }] });
    expect((await flows.deliverEvent('refund.failed', failed, eventId)).body).toMatchObject({ refunds: [{ outcome: 'replay', status: 'failed' }] });
    // The same news in a later event of its own changes nothing either.
    expect((await flows.deliverEvent('refund.updated', failed)).body).toMatchObject({ refunds: [{ outcome: 'applied', status: 'failed' }] });
    const [row] = await refundsOf(t, order.orderId);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.reversalEntryId).not.toBeNull();
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(65_00);
    expect(await ledgerBalance(t, order.orderId, Account.BorrowerCredit)).toBe(-65_00);
  });

  it('reverses a refund Stripe fails after it had succeeded', async () => {
    const { order, refund } = await refundedOverpayment('5566670004', 35_00);
    expect((await flows.deliverEvent('refund.updated', stand.settleRefund(refund.id, 'succeeded'))).body).toMatchObject({ refunds: [{ status: 'succeeded' }] });
    expect((await flows.deliverEvent('refund.failed', stand.settleRefund(refund.id, 'failed'))).body).toMatchObject({ refunds: [{ outcome: 'applied', status: 'failed' }] });
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(35_00);
    expect(await ledgerBalance(t, order.orderId, Account.BorrowerCredit)).toBe(-35_00);
  });

  it("keeps a refund made in Stripe's dashboard for an operator, once", async () => {
    const { order, oxxo } = await flows.overpaidAtOxxo('5566670005', 20_00);
    const elsewhere = await stripeApi(stand).refunds.create({ payment_intent: oxxo.id, amount: 10_00 });
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    expect((await flows.deliverEvent('refund.updated', elsewhere, eventId)).body).toEqual({ received: true, refunds: [{ providerRefundId: elsewhere.id, outcome: 'parked' }] });
    await flows.deliverEvent('refund.updated', elsewhere, eventId);
    // The same refund named again by the charge's own event is not kept twice.
    await flows.deliverEvent('charge.refunded', await refundedCharge(oxxo));
    const parked = await t.database.db.select().from(paymentExceptions).where(eq(paymentExceptions.provider, 'stripe'));
    expect(parked.filter((row) => row.reason === 'unknown_refund')).toMatchObject([{ eventId }]);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(20_00);
    expect(await refundsOf(t, order.orderId)).toHaveLength(0);
  });
});
