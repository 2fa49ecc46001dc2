import { createHmac, randomBytes } from 'node:crypto';
import { MachinePath, OperatorPath, WEBHOOK_BASE, type CashReconcileResult, type RepayInstruction } from '@lend/contracts';
import { formatDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import nock from 'nock';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, paymentExceptions, paymentReferences, razorpayVirtualAccounts } from '../src/db/schema';
import { PAYMENT_COMMANDS } from '../src/cli/payment-commands';
import { checkLedger } from '../src/modules/payments';
import { sandboxCashPayments } from '../src/providers/payments/cash-payments';
import { createTestApp, operatorCommandLine, type TestApp } from './helper';
import { callBorrower, callOperatorApi } from './loan-helpers';
import { mexicoDate, owed, paymentsOf, repayingOrder, type RepayingOrder } from './payment-helpers';
import { RazorpayStandIn, STAND_IN_KEY_ID, STAND_IN_KEY_SECRET, type RazorpayPaymentEntity } from './stand-ins/razorpay-stand-in';
import { STAND_IN_STRIPE_KEY, startStripeStandIn, type StripeIntent, type StripeStandIn } from './stand-ins/stripe-stand-in';

const STRIPE_SECRET = `whsec_${'c0ffee12'.repeat(4)}`;
const RAZORPAY_SECRET = 'razorpay-webhook-secret-0002';
const signer = new Stripe(STAND_IN_STRIPE_KEY);

let stripe: StripeStandIn;
let razorpay: RazorpayStandIn;
let t: TestApp;
beforeAll(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1|localhost/);
  // Stripe's times are whole seconds: its clock a little ahead, so a payment is never dated in the second its voucher was saved.
  stripe = await startStripeStandIn({ now: () => new Date(Date.now() + 2_000) });
  razorpay = new RazorpayStandIn();
  // Mexico's cash on Stripe and India's on Razorpay, as in production.
  t = await createTestApp({
    seed: true,
    env: {
      CASH_PAYMENT_PROVIDER_MX: 'stripe',
      STRIPE_SECRET_KEY: STAND_IN_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
      STRIPE_BILLING_EMAIL: 'pagos@lend.example',
      STRIPE_API_BASE_URL: stripe.url,
      CASH_PAYMENT_PROVIDER_IN: 'razorpay',
      RAZORPAY_KEY_ID: STAND_IN_KEY_ID,
      RAZORPAY_KEY_SECRET: STAND_IN_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: RAZORPAY_SECRET,
      RAZORPAY_TIMEOUT_MS: '1000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  razorpay?.close();
  nock.enableNetConnect();
});
afterEach(async () => {
  // Whatever a test moved, the books balance and agree with the orders.
  if (t) expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
});

const reconcile = async () => {
  const answer = await callOperatorApi<CashReconcileResult>(t.app, 'POST', OperatorPath.cashReconcile);
  expect(answer.status).toBe(200);
  return answer.data;
};

async function instruction(order: RepayingOrder, amount: number, payCode: string) {
  const answer = await callBorrower<RepayInstruction>(t.app, order.session, MachinePath.repayInstruction, { orderId: order.orderNo, requestType: '1', amount, payCode });
  expect(answer.code).toBe(0);
  return answer.data.repayDetail;
}

async function referenceRow(reference: string) {
  const [row] = await t.database.db.select().from(paymentReferences).where(eq(paymentReferences.reference, reference));
  if (!row) throw new Error(`no reference ${reference}`);
  return row;
}

async function intentOf(reference: string): Promise<StripeIntent> {
  const intent = stripe.intents.get((await referenceRow(reference)).providerPaymentId ?? '');
  if (!intent) throw new Error(`no intent for ${reference}`);
  return intent;
}

/** Stripe's late `payment_intent.succeeded`, with an event id of its own. */
async function deliverStripe(intent: StripeIntent) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000) + 1,
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
  const response = await t.app.inject({ method: 'POST', url: `${WEBHOOK_BASE}/stripe`, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Razorpay's late credit event for a payment the stand-in holds, with an event id of its own. */
async function deliverRazorpay(kind: 'qr_code' | 'virtual_account', ownerId: string, payment: RazorpayPaymentEntity, notes: Record<string, string> = {}) {
  const payload = JSON.stringify({
    entity: 'event',
    account_id: 'acc_StandIn0001',
    event: `${kind}.credited`,
    contains: [kind, 'payment'],
    payload: { payment: { entity: payment }, [kind]: { entity: { id: ownerId, notes } } },
    created_at: Math.floor(Date.now() / 1000),
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `${WEBHOOK_BASE}/razorpay`,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', RAZORPAY_SECRET).update(payload).digest('hex'),
      'x-razorpay-event-id': `E${randomBytes(7).toString('hex')}`,
    },
    payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const indiaDate = (days = 0) => formatDate(new Date(Date.now() + days * 86_400_000), 'IN');

async function ledgerEntriesOf(orderId: number) {
  return t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
}

describe('the cash reconciler on Stripe', () => {
  it('applies an OXXO payment whose webhook never came, and the late webhook is a replay', async () => {
    const order = await repayingOrder(t, '5566630001', 'peso-plus-120', mexicoDate(20));
    const amount = await owed(t, order.orderId);
    const voucher = await instruction(order, amount, 'tienda-demo');
    expect((await referenceRow(voucher.vCode)).issuedBy).toBe('stripe');
    const intent = stripe.succeeded((await intentOf(voucher.vCode)).id);

    expect((await reconcile()).applied).toBeGreaterThanOrEqual(1);
    expect(stripe.calls.some((call) => call.path === `/v1/payment_intents/${intent.id}`)).toBe(true);
    const payments = await paymentsOf(t, order.orderId);
    expect(payments).toMatchObject([{ provider: 'stripe', providerEventId: intent.id, amountMinor: amount }]);
    const entries = (await ledgerEntriesOf(order.orderId)).length;

    expect(await deliverStripe(intent)).toEqual({ status: 200, body: { received: true, receiptNo: `${order.orderNo}-1`, replay: true } });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    expect(await ledgerEntriesOf(order.orderId)).toHaveLength(entries);
    // Paid, the reference is not asked about again.
    const asked = stripe.calls.length;
    await reconcile();
    expect(stripe.calls.filter((call) => call.path.includes(intent.id)).length).toBe(stripe.calls.slice(0, asked).filter((call) => call.path.includes(intent.id)).length);
  });

  it("applies a SPEI transfer Stripe applied to its intent from the customer's cash balance", async () => {
    const order = await repayingOrder(t, '5566630002', 'peso-plus-120', mexicoDate(20));
    const transfer = await instruction(order, 1_000_00, 'banco-demo');
    const intent = await intentOf(transfer.vCode);
    stripe.fundByTransfer(intent.id);
    const paid = stripe.succeeded(intent.id);

    await reconcile();
    expect(stripe.calls.some((call) => call.path === `/v1/customers/${intent.customer ?? ''}/cash_balance_transactions`)).toBe(true);
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ provider: 'stripe', providerEventId: intent.id, amountMinor: 1_000_00, channelCode: 'banco-demo' }]);
    expect((await deliverStripe(paid)).body).toMatchObject({ received: true, replay: true });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('takes and applies once a SPEI transfer of less whose partly funded event never came', async () => {
    const order = await repayingOrder(t, '5566630051', 'peso-plus-120', mexicoDate(20));
    const before = await owed(t, order.orderId);
    const intent = await intentOf((await instruction(order, 1_000_00, 'banco-demo')).vCode);
    expect(stripe.transfer(intent.id, 450_00).intent.status).toBe('requires_action');

    expect(await reconcile()).toMatchObject({ applied: 1, parked: 0, failed: 0 });
    await reconcile();
    const paid = await paymentsOf(t, order.orderId);
    expect(paid).toMatchObject([{ provider: 'stripe', amountMinor: 450_00, purpose: 'repayment' }]);
    expect(stripe.intents.get(intent.id)?.status).toBe('canceled');
    expect(stripe.cashBalanceOf(intent.customer ?? '')).toBe(0);
    expect(await owed(t, order.orderId)).toBe(before - 450_00);
  });

  it("takes and applies once what a SPEI transfer of more left in the customer's cash balance when no event came", async () => {
    const order = await repayingOrder(t, '5566630052', 'peso-plus-120', mexicoDate(20));
    const amount = await owed(t, order.orderId);
    const intent = await intentOf((await instruction(order, amount, 'banco-demo')).vCode);
    const moved = stripe.transfer(intent.id, amount + 120_00);
    expect(moved.intent.status).toBe('succeeded');

    expect(await reconcile()).toMatchObject({ applied: 2, parked: 0, failed: 0 });
    await reconcile();
    expect((await deliverStripe(moved.intent)).body).toMatchObject({ received: true, replay: true });
    const paid = await paymentsOf(t, order.orderId);
    expect(paid.map((p) => p.amountMinor)).toEqual([amount, 120_00]);
    expect(stripe.cashBalanceOf(intent.customer ?? '')).toBe(0);
  });

  it('applies once when the reconciler and the webhook come at the same moment', async () => {
    const order = await repayingOrder(t, '5566630003', 'peso-plus-120', mexicoDate(20));
    const voucher = await instruction(order, 1_000_00, 'tienda-demo');
    const intent = stripe.succeeded((await intentOf(voucher.vCode)).id);

    const [passed, delivered] = await Promise.all([reconcile(), deliverStripe(intent)]);
    expect(delivered.status).toBe(200);
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ providerEventId: intent.id, amountMinor: 1_000_00 }]);
    // Exactly one of the two applied it.
    expect(Number(delivered.body.replay === false) + passed.applied).toBe(1);
  });

  it("never asks about a reference the sandbox issued", async () => {
    const order = await repayingOrder(t, '5566630006', 'peso-plus-120', mexicoDate(20));
    const voucher = await instruction(order, 1_000_00, 'tienda-demo');
    const intent = stripe.succeeded((await intentOf(voucher.vCode)).id);
    // What the sandbox issues is kept without an issuer, as references issued before issuers were kept.
    expect(sandboxCashPayments.issuer).toBeUndefined();
    await t.database.db.update(paymentReferences).set({ issuedBy: null }).where(eq(paymentReferences.reference, voucher.vCode));

    await reconcile();
    expect(stripe.calls.some((call) => call.path.includes(intent.id))).toBe(false);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
  });

  it('asks Stripe once about a reference when several servers run the reconciler at once', async () => {
    const order = await repayingOrder(t, '5566630005', 'peso-plus-120', mexicoDate(20));
    const voucher = await instruction(order, 1_000_00, 'tienda-demo');
    const intent = stripe.succeeded((await intentOf(voucher.vCode)).id);

    const passes = await Promise.all([reconcile(), reconcile(), reconcile()]);
    expect(passes.reduce((sum, pass) => sum + pass.applied, 0)).toBe(1);
    expect(stripe.calls.filter((call) => call.path === `/v1/payment_intents/${intent.id}`)).toHaveLength(1);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('leaves everything as it was and logs it when Stripe fails, and applies the payment on the next pass', async () => {
    const order = await repayingOrder(t, '5566630004', 'peso-plus-120', mexicoDate(20));
    const voucher = await instruction(order, 1_000_00, 'tienda-demo');
    const intent = stripe.succeeded((await intentOf(voucher.vCode)).id);
    const before = await referenceRow(voucher.vCode);
    const entries = (await ledgerEntriesOf(order.orderId)).length;

    stripe.failReads(true);
    try {
      expect((await reconcile()).failed).toBeGreaterThanOrEqual(1);
    } finally {
      stripe.failReads(false);
    }
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    expect(await ledgerEntriesOf(order.orderId)).toHaveLength(entries);
    expect((await referenceRow(voucher.vCode)).checkedAt).toEqual(before.checkedAt);
    expect(t.logs()).toContain(`"referenceId":${before.id},"issuer":"stripe","status":500`);
    expect(t.logs()).toContain('cash reconciler could not ask the provider');

    await reconcile();
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ providerEventId: intent.id }]);
  });
});

describe('the cash reconciler on Razorpay', () => {
  it('applies a UPI QR code payment whose webhook never came, and the late webhook is a replay', async () => {
    const order = await repayingOrder(t, '9812480001', 'rupee-plus-180', indiaDate(20));
    const qr = await instruction(order, 1_000_00, 'cashpoint-demo');
    expect((await referenceRow(qr.vCode)).issuedBy).toBe('razorpay');
    const payment = razorpay.payQr(qr.vCode);

    expect((await reconcile()).applied).toBeGreaterThanOrEqual(1);
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ provider: 'razorpay', providerEventId: payment.id, amountMinor: 1_000_00, channelCode: 'cashpoint-demo' }]);
    const entries = (await ledgerEntriesOf(order.orderId)).length;

    expect(await deliverRazorpay('qr_code', qr.vCode, payment, { orderNo: order.orderNo })).toEqual({
      status: 200,
      body: { received: true, receiptNo: `${order.orderNo}-1`, replay: true },
    });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    expect(await ledgerEntriesOf(order.orderId)).toHaveLength(entries);
  });

  it('applies a Smart Collect transfer whose webhook never came to the reference the account pays, and the late webhook is a replay', async () => {
    const order = await repayingOrder(t, '9812480002', 'rupee-plus-180', indiaDate(20));
    await instruction(order, 1_000_00, 'bank-demo-in');
    const [account] = await t.database.db.select().from(razorpayVirtualAccounts).where(eq(razorpayVirtualAccounts.borrowerId, Number(order.session.userId)));
    if (!account) throw new Error('no account opened');
    const payment = razorpay.transferTo(account.virtualAccountId, 1_000_00);

    await reconcile();
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ provider: 'razorpay', providerEventId: payment.id, amountMinor: 1_000_00, channelCode: 'bank-demo-in' }]);
    expect((await deliverRazorpay('virtual_account', account.virtualAccountId, payment)).body).toMatchObject({ received: true, replay: true, receiptNo: `${order.orderNo}-1` });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('reads every transfer into a Smart Collect account, not only the first page of ten Razorpay answers unasked', async () => {
    const order = await repayingOrder(t, '9812480006', 'rupee-plus-180', indiaDate(20));
    await instruction(order, 1_000_00, 'bank-demo-in');
    const [account] = await t.database.db.select().from(razorpayVirtualAccounts).where(eq(razorpayVirtualAccounts.borrowerId, Number(order.session.userId)));
    if (!account) throw new Error('no account opened');
    const start = Date.now() + 1_000;
    const transfers = Array.from({ length: 25 }, (_, index) => razorpay.transferTo(account.virtualAccountId, 10_00, new Date(start + index * 1_000)));

    await reconcile();
    const taken = await paymentsOf(t, order.orderId);
    expect(taken.map((payment) => payment.providerEventId).sort()).toEqual(transfers.map((payment) => payment.id).sort());
    expect(taken.reduce((sum, payment) => sum + payment.amountMinor, 0)).toBe(25 * 10_00);
  });

  it('applies once when the reconciler and the webhook come at the same moment', async () => {
    const order = await repayingOrder(t, '9812480003', 'rupee-plus-180', indiaDate(20));
    const qr = await instruction(order, 1_000_00, 'cashpoint-demo');
    const payment = razorpay.payQr(qr.vCode);

    const [passed, delivered] = await Promise.all([reconcile(), deliverRazorpay('qr_code', qr.vCode, payment, { orderNo: order.orderNo })]);
    expect(delivered.status).toBe(200);
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ providerEventId: payment.id }]);
    expect(Number(delivered.body.replay === false) + passed.applied).toBe(1);
  });

  it('gives up a listing Razorpay never answers at RAZORPAY_TIMEOUT_MS, leaving the reference to be asked again, and the next pass applies its payment', async () => {
    const order = await repayingOrder(t, '9812480007', 'rupee-plus-180', indiaDate(20));
    const qr = await instruction(order, 1_000_00, 'cashpoint-demo');
    const payment = razorpay.payQr(qr.vCode);
    razorpay.neverAnswerNext(1, 'GET');
    const started = Date.now();
    const first = await reconcile();
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(t.logs()).toContain('"issuer":"razorpay","failure":"RazorpayUnanswered"');

    await reconcile();
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ provider: 'razorpay', providerEventId: payment.id, amountMinor: 1_000_00 }]);
  });

  it('parks a payment no rule may apply once, and leaves everything as it was when Razorpay fails', async () => {
    const order = await repayingOrder(t, '9812480004', 'rupee-plus-180', indiaDate(20));
    const qr = await instruction(order, 1_000_00, 'cashpoint-demo');
    const payment = razorpay.payQr(qr.vCode, 900_000_000_00);
    const failing = await repayingOrder(t, '9812480005', 'rupee-plus-180', indiaDate(20));
    const failingQr = await instruction(failing, 1_000_00, 'cashpoint-demo');
    razorpay.payQr(failingQr.vCode);

    // Razorpay fails for every reference: nothing moves, nothing is parked, each failure is logged.
    razorpay.failReads(true);
    try {
      expect((await reconcile()).failed).toBeGreaterThanOrEqual(2);
    } finally {
      razorpay.failReads(false);
    }
    expect(await paymentsOf(t, failing.orderId)).toHaveLength(0);
    expect(await t.database.db.select().from(paymentExceptions).where(eq(paymentExceptions.eventId, payment.id))).toHaveLength(0);
    expect(t.logs()).toContain(`"referenceId":${(await referenceRow(failingQr.vCode)).id},"issuer":"razorpay","status":500`);

    const passed = await reconcile();
    expect(passed.parked).toBeGreaterThanOrEqual(1);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    expect(await paymentsOf(t, failing.orderId)).toHaveLength(1);
    const parked = await t.database.db.select().from(paymentExceptions).where(eq(paymentExceptions.eventId, payment.id));
    expect(parked).toMatchObject([{ provider: 'razorpay', reason: 'provider_payment_refused', event: { amountMinor: 900_000_000_00, refused: 'amount_out_of_range' } }]);
  });
});

describe('payment reconcile-cash', () => {
  it('runs one pass now and prints what it did', async () => {
    const order = await repayingOrder(t, '5566630101', 'peso-plus-120', mexicoDate(20));
    const voucher = await instruction(order, 1_000_00, 'tienda-demo');
    stripe.succeeded((await intentOf(voucher.vCode)).id);
    const context = await operatorCommandLine(t);
    const command = PAYMENT_COMMANDS.find((c) => c.words.join(' ') === 'payment reconcile-cash');
    if (!command) throw new Error('no payment reconcile-cash command');
    await command.run(context, {}, []);
    expect(JSON.parse(context.printed.at(-1) ?? 'null')).toMatchObject({ checked: expect.any(Number), applied: 1, replayed: 0, parked: 0, failed: 0 });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });
});
