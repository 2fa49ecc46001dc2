import { CardRepaymentPath, ErrorCode, OperatorPath, WEBHOOK_BASE, type BankCard, type TokenizeCardForm, type SettlementReportView } from '@lend/contracts';
import { formatDate } from '@lend/domain';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/payments';
import { createRepayingOrders } from './factories';
import { createTestApp, GENEROUS_BORROWER_CAPS, openSession, type TestApp } from './helper';
import { addTestCard, callCard, movableClock, reconcileLater, recordRow, result, way } from './card-helpers';
import { callOperatorApi } from './loan-helpers';
import { mexicoDate, orderRow, owed, paymentsOf, repayingOrder, type RepayingOrder } from './payment-helpers';
import { RazorpayStandIn, STAND_IN_KEY_ID, STAND_IN_KEY_SECRET, type RazorpayDelivery } from './stand-ins/razorpay-stand-in';

const WEBHOOK_SECRET = 'razorpay-webhook-secret-0001';
const RETURN_ORIGIN = 'https://lend.example';
const CARD_WEBHOOK = `${WEBHOOK_BASE}/razorpay-card`;
const RETURN_PATH = `${CARD_WEBHOOK}/return`;

const clock = movableClock();
let stand: RazorpayStandIn;
let t: TestApp;
beforeAll(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1|localhost/);
  stand = new RazorpayStandIn({ webhook: WEBHOOK_SECRET });
  t = await createTestApp({
    seed: true,
    borrowerCaps: GENEROUS_BORROWER_CAPS,
    now: clock.now,
    env: {
      CARD_PAYMENT_PROVIDER_IN: 'razorpay',
      RAZORPAY_KEY_ID: STAND_IN_KEY_ID,
      RAZORPAY_KEY_SECRET: STAND_IN_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_CARD_RETURN_ORIGIN: RETURN_ORIGIN,
      RAZORPAY_CARD_TIMEOUT_MS: '3000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  stand?.close();
  nock.enableNetConnect();
});
afterEach(async () => {
  // Whatever a test moved, the books balance and agree with the orders.
  if (t) expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
});

function indiaDate(days = 0): string {
  return formatDate(new Date(Date.now() + days * 86_400_000), 'IN');
}

/** A repaying order of a new Indian borrower, first installment due in 20 days. */
async function indianOrder(phone: string): Promise<RepayingOrder> {
  const session = await openSession(t.app, phone, 'IN');
  const [orderId] = await createRepayingOrders(t.database.db, Number(session.userId), 'rupee-plus-180', 1, indiaDate(20));
  if (orderId === undefined) throw new Error('no order created');
  return { session, orderNo: (await orderRow(t, orderId)).orderNo, orderId };
}

type Redirect = { status: number; code: string; url: string; data: { repayRecordId: string } };

async function huichao(order: RepayingOrder, amount: number): Promise<Redirect> {
  return (await callCard(t, order.session, CardRepaymentPath.redirect, { userId: order.session.userId, orderId: order.orderNo, amount }, { query: { deviceId: 'dev-1' } })) as unknown as Redirect;
}

function deliver(delivery: RazorpayDelivery) {
  return t.app.inject({ method: 'POST', url: CARD_WEBHOOK, payload: delivery.body, headers: delivery.headers });
}

/** The borrower's browser sent back by Razorpay: the link's `callback_url` with Razorpay's parameters added. */
function returnFrom(callbackUrl: string, query: Record<string, string>) {
  const url = new URL(callbackUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

describe("India's cards on Razorpay's hosted page", () => {
  it('pays an installment on a Payment Link: the signed return applies it once, the webhook after it and its replay apply nothing more', async () => {
    const order = await indianOrder('9812480001');
    const before = await owed(t, order.orderId);
    const listing = await way(t, order);
    // No card of ours to charge in India: the hosted page is the way to pay by card, and no card is added on our page.
    expect(listing).toMatchObject({ alipay: 1, addCard: 0, bankCards: [], market: 'IN' });

    const redirect = await huichao(order, listing.amount);
    expect(redirect).toMatchObject({ status: 200, code: '00' });
    const link = stand.linkOf(redirect.data.repayRecordId);
    expect(redirect.url).toBe(link.short_url);
    expect(link).toMatchObject({
      amount: listing.amount,
      currency: 'INR',
      accept_partial: false,
      reference_id: redirect.data.repayRecordId,
      callback_method: 'get',
      customer: {},
      notify: { sms: false, email: false },
      notes: { lend_merchant_reference: redirect.data.repayRecordId },
      options: { checkout: { method: { card: true, netbanking: false, upi: false, wallet: false } } },
    });
    const callback = new URL(link.callback_url);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${RETURN_ORIGIN}${RETURN_PATH}`);
    expect(callback.searchParams.get('back')).toMatch(/^\/#\/borrowDetail\/?\?/);
    expect(callback.searchParams.get('back')).toContain(`repayRecordId=${redirect.data.repayRecordId}`);
    expect(callback.searchParams.get('back')).not.toContain('sessionId');

    const paid = stand.payLink(link.id);
    const back = await returnFrom(link.callback_url, paid.returnQuery);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(callback.searchParams.get('back'));
    const payments = await paymentsOf(t, order.orderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: 'razorpay-card', providerEventId: paid.payment.id, amountMinor: listing.amount });
    expect(await owed(t, order.orderId)).toBe(before - listing.amount);
    expect((await result(t, order, redirect.data.repayRecordId)).status).toBe('paid');

    // Razorpay's webhook of the same payment, then delivered again: the charge is already applied.
    const delivered = await deliver(paid.webhook);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ received: true, repayRecordId: redirect.data.repayRecordId, status: 'paid', replay: true });
    expect((await deliver(paid.webhook)).json()).toMatchObject({ status: 'paid', replay: true });
    // The browser's return reloaded: nothing more.
    expect((await returnFrom(link.callback_url, paid.returnQuery)).statusCode).toBe(303);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    expect(await owed(t, order.orderId)).toBe(before - listing.amount);
  });

  it('pays with a card saved at Razorpay: the webhook applies it once, its replay and the return after it nothing more', async () => {
    const order = await indianOrder('9812480002');
    const before = await owed(t, order.orderId);
    // Our page takes no card for Razorpay: cards are saved on its page, with the borrower's consent.
    const form = await callCard<TokenizeCardForm>(t, order.session, CardRepaymentPath.cardForm);
    expect(form).toMatchObject({ code: '800015' });
    expect((await callCard(t, order.session, CardRepaymentPath.bindCard, { token: 'token_StandIn0001' })).code).not.toBe('00');

    const redirect = await huichao(order, 500_00);
    const link = stand.linkOf(redirect.data.repayRecordId);
    const paid = stand.payLink(link.id, 'token_StandInSaved01');
    expect(paid.payment).toMatchObject({ method: 'card', token_id: 'token_StandInSaved01' });
    const first = await deliver(paid.webhook);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'paid', replay: false });
    const again = await deliver({ body: paid.webhook.body, headers: stand.signed(paid.webhook.body, WEBHOOK_SECRET, paid.webhook.headers['x-razorpay-event-id']) });
    expect(again.json()).toMatchObject({ status: 'paid', replay: true });
    expect((await returnFrom(link.callback_url, paid.returnQuery)).statusCode).toBe(303);
    const payments = await paymentsOf(t, order.orderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: 'razorpay-card', providerEventId: paid.payment.id, amountMinor: 500_00 });
    expect(await owed(t, order.orderId)).toBe(before - 500_00);
  });

  it('leaves a declined card or a failed OTP the borrower may retry; the expired link cancels the repayment, and no money moves', async () => {
    const order = await indianOrder('9812480003');
    const before = await owed(t, order.orderId);
    const redirect = await huichao(order, 400_00);
    const link = stand.linkOf(redirect.data.repayRecordId);
    expect((await deliver(stand.failAttempt(link.id, 'card_declined'))).statusCode).toBe(204);
    expect((await deliver(stand.failAttempt(link.id, 'authentication_failed'))).statusCode).toBe(204);
    expect((await recordRow(t, redirect.data.repayRecordId)).status).toBe('charging');
    const expired = await deliver(stand.expireLink(link.id));
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toMatchObject({ status: 'cancelled', replay: false });
    expect((await result(t, order, redirect.data.repayRecordId)).status).toBe('cancelled');
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    expect(await owed(t, order.orderId)).toBe(before);
  });

  it('refuses a return whose signature was tampered with, and a webhook signed with another secret: nothing moves', async () => {
    const order = await indianOrder('9812480004');
    const redirect = await huichao(order, 300_00);
    const link = stand.linkOf(redirect.data.repayRecordId);
    const paid = stand.payLink(link.id);
    const forgedPayment = await returnFrom(link.callback_url, { ...paid.returnQuery, razorpay_payment_id: 'pay_Forged0000001' });
    expect(forgedPayment.statusCode).toBe(401);
    expect(forgedPayment.json()).toMatchObject({ error: 'bad_signature' });
    const flipped = paid.returnQuery.razorpay_signature?.replace(/^./, (c) => (c === '0' ? '1' : '0')) ?? '';
    expect((await returnFrom(link.callback_url, { ...paid.returnQuery, razorpay_signature: flipped })).statusCode).toBe(401);
    expect((await deliver({ body: paid.webhook.body, headers: stand.signed(paid.webhook.body, 'another-webhook-secret') })).statusCode).toBe(401);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    expect((await recordRow(t, redirect.data.repayRecordId)).status).toBe('charging');
    // The genuine webhook still settles it.
    expect((await deliver(paid.webhook)).json()).toMatchObject({ status: 'paid', replay: false });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('never opens checkouts for more than the order owes: one in flight holds its amount under the order lock', async () => {
    const order = await indianOrder('9812480005');
    const listing = await way(t, order);
    const first = await huichao(order, listing.maxAmount);
    expect(first.code).toBe('00');
    const links = stand.paymentLinks.size;
    const second = await huichao(order, listing.maxAmount);
    expect(second.code).toBe(String(ErrorCode.CardPaymentInFlight));
    expect(stand.paymentLinks.size).toBe(links);
  });

  it('answers a rate limit and a timeout with the card provider unavailable, failing the record: nothing moves', async () => {
    const order = await indianOrder('9812480006');
    stand.rateLimitNext(1);
    const limited = await huichao(order, 200_00);
    expect(limited).toMatchObject({ code: '800015' });
    stand.slowNext(1, 4_000);
    const slow = await huichao(order, 200_00);
    expect(slow).toMatchObject({ code: '800015' });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    // Neither record holds the order's amount any more: the borrower can pay it now.
    expect((await huichao(order, (await way(t, order)).maxAmount)).code).toBe('00');
  });

  it('settles a paid link whose webhook was lost from the link Razorpay holds, and cancels an expired one', async () => {
    const order = await indianOrder('9812480007');
    const before = await owed(t, order.orderId);
    const paid = await huichao(order, 300_00);
    stand.payLink(stand.linkOf(paid.data.repayRecordId).id);
    const expired = await huichao(order, 200_00);
    stand.expireLink(stand.linkOf(expired.data.repayRecordId).id);
    expect(await reconcileLater(t, clock)).toMatchObject({ paid: 1, cancelled: 1 });
    expect((await result(t, order, paid.data.repayRecordId)).status).toBe('paid');
    expect((await result(t, order, expired.data.repayRecordId)).status).toBe('cancelled');
    expect(await owed(t, order.orderId)).toBe(before - 300_00);
  });

  it("reports India's card payments in their own settlement report, matched against the ledger", async () => {
    const order = await indianOrder('9812480008');
    const redirect = await huichao(order, 250_00);
    const paid = stand.payLink(stand.linkOf(redirect.data.repayRecordId).id);
    expect((await deliver(paid.webhook)).statusCode).toBe(200);
    stand.settle();
    const day = new Date(paid.payment.created_at * 1000).toISOString().slice(0, 10);
    const answer = await callOperatorApi<{ reports: SettlementReportView[] }>(t.app, 'POST', OperatorPath.settlementReports, { day, provider: 'razorpay-card' });
    expect(answer.code).toBe(0);
    const [report] = answer.data.reports;
    expect(report?.missingInLedger.map((line) => line.providerTxId)).not.toContain(paid.payment.id);
    expect(report?.missingAtProvider.map((line) => line.providerTxId)).not.toContain(paid.payment.id);
    expect(report?.matchedCount).toBeGreaterThanOrEqual(1);
    // India's day is settled, and its fees read, in rupees (docs/decisions/238).
    expect(report?.currency).toBe('INR');
    expect(stand.calls.some((call) => call.method === 'GET' && call.path.startsWith('/v1/settlements/recon/combined'))).toBe(true);
  });

  it('keeps Mexico on its own card provider: the sandbox card is listed and charged there', async () => {
    const order = await repayingOrder(t, '5573320001', 'peso-plus-120', mexicoDate(20));
    const card: BankCard = await addTestCard(t, order.session, 'approve');
    const listing = await way(t, order);
    expect(listing.bankCards.map((saved) => saved.id)).toEqual([card.id]);
    expect(listing.addCard).toBe(1);
    const redirect = await huichao(order, 100_00);
    expect(redirect.url).toContain('/sandbox/card-provider/checkout/');
  });
});
