import { randomBytes } from 'node:crypto';
import { ErrorCode, LoanStatus, MachinePath, WEBHOOK_BASE, type InstallmentDetail, type RepayInstruction } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentExceptions, paymentReferences, stripeCustomers } from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import { AppError } from '../src/errors';
import type { ReferenceRequest } from '../src/providers/payments/cash-payments';
import { StripeCashPayments } from '../src/providers/payments/stripe-cash-payments';
import type { TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { mexicoDate, orderRow, owed, paymentsOf, repayingOrder, type RepayingOrder } from './payment-helpers';
import { stripeCashApp } from './stripe-cash-helpers';
import { STAND_IN_STRIPE_KEY, startStripeStandIn, type StripeIntent, type StripeStandIn } from './stand-ins/stripe-stand-in';

const WEBHOOK_SECRET = `whsec_${'a1b2c3d4'.repeat(4)}`;
const STRIPE_PATH = `${WEBHOOK_BASE}/stripe`;
const signer = new Stripe(STAND_IN_STRIPE_KEY);

let stand: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  // Stripe's times are whole seconds: its clock a little ahead, so a transfer is never dated in the second its reference was saved.
  stand = await startStripeStandIn({ now: () => new Date(Date.now() + 2_000) });
  t = await stripeCashApp(stand.url, WEBHOOK_SECRET);
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

async function instruction(order: RepayingOrder, amount: number, payCode: string) {
  return callBorrower<RepayInstruction>(t.app, order.session, MachinePath.repayInstruction, { orderId: order.orderNo, requestType: '1', amount, payCode });
}

/** The intent the stand-in opened for a reference we saved. */
async function intentOf(reference: string): Promise<StripeIntent> {
  const [row] = await t.database.db.select().from(paymentReferences).where(eq(paymentReferences.reference, reference));
  const intent = row?.providerPaymentId ? stand.intents.get(row.providerPaymentId) : undefined;
  if (!intent) throw new Error(`no intent for ${reference}`);
  return intent;
}

/** A Stripe event around the paid intent, as Stripe sends it. */
function succeededEvent(intent: StripeIntent, eventId = `evt_${randomBytes(12).toString('hex')}`, created = new Date(Date.now() + 1_000)) {
  return {
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(created.getTime() / 1000),
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
  };
}

/** Any Stripe event around an object, as Stripe sends it. */
function stripeEvent(type: string, object: unknown, created = new Date(Date.now() + 1_000)) {
  return { ...succeededEvent(stand.intents.values().next().value as StripeIntent, undefined, created), data: { object }, type };
}

/**
 * What Stripe sends after a SPEI transfer: each cash balance transaction it made, then the intent's
 * `payment_intent.partially_funded` or `payment_intent.succeeded`.
 */
async function deliverTransfer(moved: { intent: StripeIntent; transactions: Record<string, unknown>[] }) {
  const answers = [];
  for (const transaction of moved.transactions) answers.push(await deliverStripe(stripeEvent('customer_cash_balance_transaction.created', transaction)));
  const type = moved.intent.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.partially_funded';
  answers.push(await deliverStripe(stripeEvent(type, moved.intent)));
  return answers;
}

async function ledgerIsClean() {
  expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
}

async function deliverStripe(event: unknown, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
  const response = await t.app.inject({ method: 'POST', url: STRIPE_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe('Mexico cash at OXXO through Stripe', () => {
  it('gives the borrower an OXXO voucher for the installment and settles the order when Stripe reports it paid', async () => {
    const order = await repayingOrder(t, '5566620001', 'peso-plus-120', mexicoDate(20));
    const amount = await owed(t, order.orderId);
    const answer = await instruction(order, amount, 'tienda-demo');
    expect(answer.code).toBe(0);
    const intent = [...stand.intents.values()].find((i) => i.metadata.orderNo === order.orderNo);
    if (!intent) throw new Error('no intent made');
    const oxxo = intent.next_action?.oxxo_display_details as { number: string; expires_after: number; hosted_voucher_url: string };
    expect(answer.data.repayDetail).toMatchObject({
      vCode: oxxo.number,
      voucherUrl: oxxo.hosted_voucher_url,
      expiresAt: new Date(oxxo.expires_after * 1000).toISOString(),
    });
    const call = stand.calls.find((c) => c.form['metadata[orderNo]'] === order.orderNo);
    expect(call?.form).toMatchObject({
      amount: String(amount),
      currency: 'mxn',
      'allowed_payment_method_types[0]': 'oxxo',
      'payment_method_data[type]': 'oxxo',
      'payment_method_data[billing_details][email]': 'pagos@lend.example',
      confirm: 'true',
      'metadata[channelCode]': 'tienda-demo',
      'metadata[requestType]': '1',
    });
    expect(call?.idempotencyKey).toBe(`lend-cash-${order.orderNo}-tienda-demo-1-${amount}-0`);
    // Asked again, the borrower gets the same voucher and Stripe is not asked again.
    const callsBefore = stand.calls.length;
    expect((await instruction(order, amount, 'tienda-demo')).data.repayDetail.vCode).toBe(oxxo.number);
    expect(stand.calls.length).toBe(callsBefore);

    const paid = await deliverStripe(succeededEvent(stand.succeeded(intent.id)));
    expect(paid).toEqual({ status: 200, body: { received: true, receiptNo: `${order.orderNo}-1`, replay: false } });
    expect((await orderRow(t, order.orderId)).statusCode).toBe(LoanStatus.Settled);
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ provider: 'stripe', amountMinor: amount }]);
  });

  it('shows the voucher in the installment overview too', async () => {
    const order = await repayingOrder(t, '5566620002', 'peso-plus-120', mexicoDate(0));
    const detail = await callBorrower<InstallmentDetail>(t.app, order.session, MachinePath.installmentDetail, { orderId: order.orderNo });
    expect(detail.code).toBe(0);
    const store = detail.data.repayList.flatMap((group) => group.list).find((item) => item.payCode === 'tienda-demo');
    expect(store?.voucherUrl).toMatch(/^https:\/\/payments\.stripe\.com\/oxxo\/voucher\//);
    const bank = detail.data.repayList.flatMap((group) => group.list).find((item) => item.payCode === 'banco-demo');
    expect(bank?.clabe).toMatch(/^\d{18}$/);
  });

  it('applies a replayed payment once (under its PaymentIntent, whatever the event id), and parks the same intent with a changed amount for an operator', async () => {
    const order = await repayingOrder(t, '5566620003', 'peso-plus-120', mexicoDate(20));
    const answer = await instruction(order, 1_000_00, 'tienda-demo');
    const intent = await intentOf(answer.data.repayDetail.vCode);
    const event = succeededEvent(stand.succeeded(intent.id));

    expect((await deliverStripe(event)).body).toMatchObject({ received: true, replay: false });
    expect((await deliverStripe(event)).body).toMatchObject({ received: true, replay: true, receiptNo: `${order.orderNo}-1` });
    // Another event of the same intent is the same payment.
    expect((await deliverStripe({ ...event, id: `evt_${randomBytes(12).toString('hex')}` })).body).toMatchObject({ received: true, replay: true });
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ providerEventId: intent.id }]);

    const changed = { ...event, data: { object: { ...event.data.object, amount_received: 2_000_00 } } };
    expect(await deliverStripe(changed)).toMatchObject({ status: 409, body: { error: 'event_id_reused' } });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    const parked = await t.database.db.select().from(paymentExceptions).where(eq(paymentExceptions.eventId, intent.id));
    expect(parked).toMatchObject([{ provider: 'stripe', reason: 'event_id_reused' }]);
  });

  it("applies an OXXO payment Stripe confirms after the voucher's deadline: Stripe took it in time", async () => {
    const order = await repayingOrder(t, '5566620006', 'peso-plus-120', mexicoDate(20));
    const answer = await instruction(order, 1_000_00, 'tienda-demo');
    const intent = await intentOf(answer.data.repayDetail.vCode);
    // The store took the cash on the last day; Stripe confirms it the next morning.
    await t.database.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(paymentReferences.providerPaymentId, intent.id));
    expect(await deliverStripe(succeededEvent(stand.succeeded(intent.id)))).toMatchObject({ status: 200, body: { received: true, replay: false } });
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ amountMinor: 1_000_00 }]);
  });

  it('refuses a wrong signature and a time more than five minutes from ours with 400, moving nothing, and takes one within them', async () => {
    const order = await repayingOrder(t, '5566620004', 'peso-plus-120', mexicoDate(20));
    const answer = await instruction(order, 1_000_00, 'tienda-demo');
    const event = succeededEvent(stand.succeeded((await intentOf(answer.data.repayDetail.vCode)).id));

    expect(await deliverStripe(event, { secret: `whsec_${'f'.repeat(32)}` })).toMatchObject({ status: 400, body: { error: 'bad_signature' } });
    expect(await deliverStripe(event, { signature: '' })).toMatchObject({ status: 400, body: { error: 'bad_signature' } });
    // Thirty days old, six minutes old, and six minutes ahead of our clock.
    for (const seconds of [30 * 24 * 60 * 60, 6 * 60, -6 * 60]) {
      const old = Math.floor(Date.now() / 1000) - seconds;
      expect(await deliverStripe(event, { timestamp: old })).toMatchObject({ status: 400, body: { error: 'stale_timestamp' } });
    }
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    // Signed four minutes ago, within the five allowed: taken.
    expect(await deliverStripe(event, { timestamp: Math.floor(Date.now() / 1000) - 4 * 60 })).toMatchObject({ status: 200, body: { received: true, replay: false } });
  });

  it('acknowledges events that are not a cash reference payment without moving money', async () => {
    const card = { id: `pi_${randomBytes(12).toString('hex')}`, object: 'payment_intent', amount: 500_00, amount_received: 500_00, currency: 'mxn', metadata: {}, status: 'succeeded' };
    expect(await deliverStripe(succeededEvent(card as unknown as StripeIntent))).toEqual({ status: 200, body: { received: true, ignored: true } });
    expect(await deliverStripe({ ...succeededEvent(card as unknown as StripeIntent), type: 'customer.created' })).toEqual({ status: 200, body: { received: true, ignored: true } });
    const ours = { ...card, metadata: { orderNo: 'X1', channelCode: 'tienda-demo', requestType: '1' } };
    expect(await deliverStripe(succeededEvent(ours as unknown as StripeIntent))).toMatchObject({ status: 404, body: { error: 'unknown_reference' } });
  });

  it('gets the same voucher for the same key, and refuses the key reused with other parameters as Stripe does', async () => {
    const provider = new StripeCashPayments(t.database.db, {
      secretKey: STAND_IN_STRIPE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      billingEmail: 'pagos@lend.example',
      apiBaseUrl: stand.url,
      timeoutMs: 20_000,
    });
    const request: ReferenceRequest = {
      orderNo: 'MXIDEM0001',
      channelCode: 'tienda-demo',
      kind: 'store',
      amountMinor: 100_00,
      requestType: 1,
      market: 'MX',
      currency: 'MXN',
      borrower: { id: 1, phone: '+525566620009' },
      attempt: 0,
    };
    const first = await provider.issueReference(request);
    expect(await provider.issueReference(request)).toEqual(first);
    const conflict = provider.issueReference({ ...request, borrower: { ...request.borrower, name: 'Otra Persona' } });
    await expect(conflict).rejects.toBeInstanceOf(AppError);
    await expect(conflict).rejects.toMatchObject({ code: ErrorCode.PaymentReferenceUnavailable });
    expect(stand.calls.at(-1)?.answered).toBe(400);
  });

  it('tells the borrower to try later when Stripe answers a rate limit, saving no reference', async () => {
    const order = await repayingOrder(t, '5566620005', 'peso-plus-120', mexicoDate(20));
    stand.rateLimitNext(10);
    const refused = await instruction(order, 1_000_00, 'tienda-demo');
    expect(refused).toMatchObject({ status: 503, code: ErrorCode.PaymentReferenceUnavailable });
    expect(stand.calls.at(-1)?.answered).toBe(429);
    stand.rateLimitNext(0);
    const rows = await t.database.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, order.orderId));
    expect(rows).toHaveLength(0);
  });
});

describe('Mexico bank transfers by SPEI through Stripe', () => {
  it("gives the borrower their own CLABE, one Stripe customer per borrower, and settles the order when the transfer's intent succeeds", async () => {
    const order = await repayingOrder(t, '5566620101', 'peso-plus-120', mexicoDate(20));
    const amount = await owed(t, order.orderId);
    const answer = await instruction(order, amount, 'banco-demo');
    expect(answer.code).toBe(0);
    const intent = await intentOf(answer.data.repayDetail.vCode);
    const spei = (intent.next_action?.display_bank_transfer_instructions as { financial_addresses: { spei: { clabe: string; bank_name: string; account_holder_name: string } }[] })
      .financial_addresses[0]?.spei;
    expect(answer.data.repayDetail).toMatchObject({ clabe: spei?.clabe, bankName: spei?.bank_name, beneficiary: spei?.account_holder_name });
    const call = stand.calls.find((c) => c.form['metadata[orderNo]'] === order.orderNo && c.path === '/v1/payment_intents');
    expect(call?.form).toMatchObject({
      'allowed_payment_method_types[0]': 'customer_balance',
      'payment_method_data[type]': 'customer_balance',
      'payment_method_options[customer_balance][funding_type]': 'bank_transfer',
      'payment_method_options[customer_balance][bank_transfer][type]': 'mx_bank_transfer',
      customer: intent.customer,
    });
    // A second amount for the same borrower is a new intent on the same customer, and the same CLABE.
    const partial = await instruction(order, 1_000_00, 'banco-demo');
    expect(partial.data.repayDetail.clabe).toBe(spei?.clabe);
    const customers = await t.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.borrowerId, Number(order.session.userId)));
    expect(customers).toEqual([expect.objectContaining({ customerId: intent.customer })]);

    const paid = await deliverStripe(succeededEvent(stand.succeeded(intent.id)));
    expect(paid).toMatchObject({ status: 200, body: { received: true, replay: false } });
    expect((await orderRow(t, order.orderId)).statusCode).toBe(LoanStatus.Settled);
  });

  it('closes the transfer intent of a reference past our deadline when it issues the next, so the shared CLABE cannot pay it', async () => {
    const order = await repayingOrder(t, '5566620102', 'peso-plus-120', mexicoDate(20));
    const first = await instruction(order, 1_000_00, 'banco-demo');
    const old = await intentOf(first.data.repayDetail.vCode);
    await t.database.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(paymentReferences.providerPaymentId, old.id));

    const next = await instruction(order, 1_000_00, 'banco-demo');
    expect(next.data.repayDetail).toMatchObject({ expiredVCode: first.data.repayDetail.vCode, clabe: first.data.repayDetail.clabe });
    expect(next.data.repayDetail.vCode).not.toBe(first.data.repayDetail.vCode);
    expect(stand.intents.get(old.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    // The new intent was asked under the next attempt's key, so Stripe did not answer the old one again.
    const keys = stand.calls.filter((c) => c.form['metadata[orderNo]'] === order.orderNo).map((c) => c.idempotencyKey);
    expect(keys).toEqual([`lend-cash-${order.orderNo}-banco-demo-1-100000-0`, `lend-cash-${order.orderNo}-banco-demo-1-100000-1`]);
  });

  it('applies a transfer of less than the reference once as a partial payment, taking it from the intent through the cash balance', async () => {
    const order = await repayingOrder(t, '5566620103', 'peso-plus-120', mexicoDate(20));
    const before = await owed(t, order.orderId);
    const answer = await instruction(order, 1_000_00, 'banco-demo');
    const intent = await intentOf(answer.data.repayDetail.vCode);

    const moved = stand.transfer(intent.id, 600_00);
    expect(moved.intent).toMatchObject({ status: 'requires_action', next_action: { display_bank_transfer_instructions: { amount_remaining: 400_00 } } });
    const answers = await deliverTransfer(moved);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Delivered again, nothing more moves.
    await deliverTransfer(moved);

    const paid = await paymentsOf(t, order.orderId);
    expect(paid).toMatchObject([{ provider: 'stripe', amountMinor: 600_00, channelCode: 'banco-demo', purpose: 'repayment' }]);
    expect(paid[0]?.providerEventId).not.toBe(intent.id);
    expect(stand.intents.get(paid[0]?.providerEventId ?? '')).toMatchObject({ status: 'succeeded', amount_received: 600_00, customer: intent.customer });
    expect(stand.intents.get(intent.id)?.status).toBe('canceled');
    expect(stand.cashBalanceOf(intent.customer ?? '')).toBe(0);
    expect(await owed(t, order.orderId)).toBe(before - 600_00);
    await ledgerIsClean();
  });

  it("applies a transfer of more than the reference once: the intent's amount, and what was left in the cash balance as the borrower's credit", async () => {
    const order = await repayingOrder(t, '5566620104', 'peso-plus-120', mexicoDate(20));
    const amount = await owed(t, order.orderId);
    const answer = await instruction(order, amount, 'banco-demo');
    const intent = await intentOf(answer.data.repayDetail.vCode);

    const moved = stand.transfer(intent.id, amount + 250_00);
    expect(moved.intent.status).toBe('succeeded');
    expect(stand.cashBalanceOf(intent.customer ?? '')).toBe(250_00);
    await deliverTransfer(moved);
    await deliverTransfer(moved);

    const paid = await paymentsOf(t, order.orderId);
    expect(paid.map((p) => p.amountMinor).sort((a, b) => a - b)).toEqual([250_00, amount]);
    expect(paid.find((p) => p.amountMinor === amount)?.providerEventId).toBe(intent.id);
    const row = await orderRow(t, order.orderId);
    expect(row).toMatchObject({ statusCode: LoanStatus.Settled, creditMinor: 250_00 });
    expect(stand.cashBalanceOf(intent.customer ?? '')).toBe(0);
    await ledgerIsClean();
  });

  it('applies two transfers for one reference each once, whether Stripe reports them one by one or after both arrived', async () => {
    const order = await repayingOrder(t, '5566620105', 'peso-plus-120', mexicoDate(20));
    const before = await owed(t, order.orderId);
    const first = await intentOf((await instruction(order, 1_000_00, 'banco-demo')).data.repayDetail.vCode);
    // One by one: the first partly funds the intent, which we take; the second finds it closed and stays in the balance.
    await deliverTransfer(stand.transfer(first.id, 300_00));
    const second = stand.transfer(first.id, 700_00);
    expect(second.intent.status).toBe('canceled');
    await deliverTransfer(second);
    await deliverTransfer(second);
    expect((await paymentsOf(t, order.orderId)).map((p) => p.amountMinor)).toEqual([300_00, 700_00]);

    // Both before any report: together they pay the next reference's intent, applied once under it.
    const next = await intentOf((await instruction(order, 900_00, 'banco-demo')).data.repayDetail.vCode);
    const early = stand.transfer(next.id, 400_00);
    const late = stand.transfer(next.id, 500_00);
    expect(late.intent.status).toBe('succeeded');
    await deliverTransfer(early);
    await deliverTransfer(late);
    const paid = await paymentsOf(t, order.orderId);
    expect(paid.map((p) => p.amountMinor)).toEqual([300_00, 700_00, 900_00]);
    expect(paid[2]?.providerEventId).toBe(next.id);
    expect(await owed(t, order.orderId)).toBe(before - 1_900_00);
    expect(stand.cashBalanceOf(first.customer ?? '')).toBe(0);
    await ledgerIsClean();
  });
});
