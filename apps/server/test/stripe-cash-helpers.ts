import { randomBytes } from 'node:crypto';
import { MachinePath, WEBHOOK_BASE, type RepayInstruction } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { paymentReferences } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { mexicoDate, orderRow, owed, repayingOrder, type RepayingOrder } from './payment-helpers';
import { STAND_IN_STRIPE_KEY, type StripeIntent, type StripeStandIn } from './stand-ins/stripe-stand-in';

/** An app whose Mexican cash runs on Stripe, aimed at a stand-in at `standInUrl`. */
export function stripeCashApp(standInUrl: string, webhookSecret: string) {
  return createTestApp({
    seed: true,
    env: {
      CASH_PAYMENT_PROVIDER_MX: 'stripe',
      STRIPE_SECRET_KEY: STAND_IN_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_BILLING_EMAIL: 'pagos@lend.example',
      STRIPE_API_BASE_URL: standInUrl,
    },
  });
}

/** Stripe's own client on the stand-in: what the lender does in Stripe's dashboard. */
export const stripeApi = (stand: StripeStandIn) => new Stripe(STAND_IN_STRIPE_KEY, { host: '127.0.0.1', port: Number(new URL(stand.url).port), protocol: 'http' });

/** An OXXO voucher paid at Stripe whose payment never reached our webhook. */
export async function strayOxxoPayment(stand: StripeStandIn, amountMinor: number): Promise<StripeIntent> {
  const intent = await stripeApi(stand).paymentIntents.create({
    amount: amountMinor,
    currency: 'mxn',
    allowed_payment_method_types: ['oxxo'],
    payment_method_data: { type: 'oxxo', billing_details: { name: 'Cliente', email: 'pagos@lend.example' } },
    confirm: true,
  });
  return stand.succeeded(intent.id);
}

/**
 * A Mexican borrower's cash payments through Stripe on the app `t`: references issued as intents,
 * paid by Stripe's signed events, and any other event of Stripe's delivered to the cash webhook.
 */
export function stripeCashFlows(t: TestApp, stand: StripeStandIn, webhookSecret: string) {
  const signer = new Stripe(STAND_IN_STRIPE_KEY);

  async function deliverEvent(type: string, object: unknown, eventId = `evt_${randomBytes(12).toString('hex')}`) {
    const event = {
      id: eventId,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000) + 1,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const response = await t.app.inject({ method: 'POST', url: `${WEBHOOK_BASE}/stripe`, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  }

  async function issue(order: RepayingOrder, amount: number, payCode: string): Promise<StripeIntent> {
    const answer = await callBorrower<RepayInstruction>(t.app, order.session, MachinePath.repayInstruction, { orderId: order.orderNo, requestType: '1', amount, payCode });
    expect(answer.code).toBe(0);
    const [row] = await t.database.db.select().from(paymentReferences).where(eq(paymentReferences.reference, answer.data.repayDetail.vCode));
    const intent = row?.providerPaymentId ? stand.intents.get(row.providerPaymentId) : undefined;
    if (!intent) throw new Error('no intent issued');
    return intent;
  }

  async function pay(intent: StripeIntent): Promise<StripeIntent> {
    const paid = stand.succeeded(intent.id);
    expect((await deliverEvent('payment_intent.succeeded', paid)).status).toBe(200);
    return paid;
  }

  /** The order paid off by SPEI, then `extra` more paid at OXXO: that becomes credit. */
  async function overpaidAtOxxo(phone: string, extra: number) {
    const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
    const spei = await issue(order, await owed(t, order.orderId), 'banco-demo');
    const voucher = await issue(order, extra, 'tienda-demo');
    const paidSpei = await pay(spei);
    const oxxo = await pay(voucher);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(extra);
    return { order, oxxo, spei: paidSpei };
  }

  return { deliverEvent, issue, pay, overpaidAtOxxo };
}
