import { CardRepaymentPath, ErrorCode, OperatorPath, SIGNATURE_HEADER, WEBHOOK_BASE, type Page, type PaymentException } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../src/providers/payments/webhook-signature';
import { SANDBOX_CARD_WEBHOOK_SECRET } from '../src/providers/cards/redirect-notification';
import { createTestApp, GENEROUS_BORROWER_CAPS, openSession, type TestApp } from './helper';
import { callCard, movableClock, reconcileLater, recordRow, result } from './card-helpers';
import { callOperatorApi } from './loan-helpers';
import { mexicoDate, owed, paymentsOf, repayingOrder, type RepayingOrder } from './payment-helpers';

/** What the sandbox checkout's notifications would deliver: captured, so a test can lose or repeat them. */
const notifications: { path: string; body: string; headers: Record<string, string> }[] = [];
let deliverToApp = true;
const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    borrowerCaps: GENEROUS_BORROWER_CAPS,
    now: clock.now,
    cardNotificationDelivery: async (path, body, headers) => {
      notifications.push({ path, body, headers });
      if (!deliverToApp) return { statusCode: 503 };
      const response = await t.app.inject({ method: 'POST', url: path, payload: body, headers });
      return { statusCode: response.statusCode };
    },
  });
});
afterAll(async () => t?.close());

type Redirect = { status: number; code: string; url: string; data: { repayRecordId: string } };

async function huichao(order: RepayingOrder, amount: number, userId = order.session.userId): Promise<Redirect> {
  return (await callCard(t, order.session, CardRepaymentPath.redirect, { userId, orderId: order.orderNo, amount }, { query: { deviceId: 'dev-1' } })) as unknown as Redirect;
}

async function press(url: string, action: 'pay' | 'cancel') {
  return t.app.inject({ method: 'POST', url: `${url}/${action}` });
}

describe('the redirect (alipay-style) payment', () => {
  it('answers the checkout address; paying it applies the payment once and returns the borrower to the detail page', async () => {
    const order = await repayingOrder(t, '5571110001', 'peso-plus-120', mexicoDate(20));
    const before = await owed(t, order.orderId);
    const answer = await huichao(order, 500_00);
    expect(answer).toMatchObject({ status: 200, code: '00', data: { repayRecordId: expect.any(String) } });
    expect(answer.url).toMatch(/^\/sandbox\/card-provider\/checkout\//);
    expect(await recordRow(t, answer.data.repayRecordId)).toMatchObject({ method: 'redirect', status: 'charging', tokenId: null, cardId: null });

    const paid = await press(answer.url, 'pay');
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string, 'http://localhost');
    expect(back.pathname).toBe('/');
    expect(back.hash.startsWith('#/borrowDetail/?')).toBe(true);
    const returnQuery = new URLSearchParams(back.hash.split('?')[1]);
    expect(Object.fromEntries(returnQuery)).toMatchObject({
      userId: order.session.userId,
      deviceId: 'dev-1',
      orderId: order.orderNo,
      repayRecordId: answer.data.repayRecordId,
    });
    // The provider keeps the return address: it never holds the borrower's session.
    expect(returnQuery.has('sessionId')).toBe(false);
    expect(paid.headers.location).not.toContain(order.session.sessionId);

    expect(await result(t, order, answer.data.repayRecordId)).toMatchObject({ status: 'paid', method: 'redirect', receiptNo: `${order.orderNo}-1`, last4: null });
    const [payment] = await paymentsOf(t, order.orderId);
    expect(payment).toMatchObject({ provider: 'sandbox-card', channelCode: 'redirect', amountMinor: 500_00 });
    expect(await owed(t, order.orderId)).toBe(before - 500_00);

    // The provider delivers the same notification again: nothing more is applied.
    const last = notifications.at(-1);
    if (!last) throw new Error('no notification');
    const again = await t.app.inject({ method: 'POST', url: last.path, payload: last.body, headers: { ...last.headers, [SIGNATURE_HEADER]: sign(SANDBOX_CARD_WEBHOOK_SECRET, last.body, new Date()) } });
    expect(again.json()).toMatchObject({ received: true, status: 'paid', replay: true });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('records a cancelled checkout and moves no money', async () => {
    const order = await repayingOrder(t, '5571110002', 'peso-plus-120', mexicoDate(20));
    const answer = await huichao(order, 300_00);
    expect((await press(answer.url, 'cancel')).statusCode).toBe(303);
    expect((await result(t, order, answer.data.repayRecordId)).status).toBe('cancelled');
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
  });

  it('settles a paid checkout whose notification never arrived through the reconciler', async () => {
    const order = await repayingOrder(t, '5571110003', 'peso-plus-120', mexicoDate(20));
    const answer = await huichao(order, 200_00);
    deliverToApp = false;
    try {
      await press(answer.url, 'pay');
    } finally {
      deliverToApp = true;
    }
    expect((await result(t, order, answer.data.repayRecordId)).status).toBe('charging');
    expect(await reconcileLater(t, clock)).toMatchObject({ paid: 1 });
    expect((await result(t, order, answer.data.repayRecordId)).status).toBe('paid');
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it("refuses a userId that is not the session's, and an amount above what is owed", async () => {
    const order = await repayingOrder(t, '5571110004', 'peso-plus-120', mexicoDate(20));
    const other = await openSession(t.app, '5571110005');
    expect(await huichao(order, 100_00, other.userId)).toMatchObject({ status: 401, code: '2004' });
    expect(await huichao(order, (await owed(t, order.orderId)) + 1)).toMatchObject({ status: 422, code: '800004' });
  });

  it('refuses and keeps for an operator a notification that contradicts a paid checkout, or is dated in the future', async () => {
    const order = await repayingOrder(t, '5571110006', 'peso-plus-120', mexicoDate(20));
    const paid = await huichao(order, 400_00);
    await press(paid.url, 'pay');
    const last = notifications.at(-1);
    if (!last) throw new Error('no notification');
    const first = JSON.parse(last.body) as Record<string, unknown>;
    const post = (body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      return t.app.inject({ method: 'POST', url: last.path, payload: raw, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(SANDBOX_CARD_WEBHOOK_SECRET, raw, new Date()) } });
    };
    const otherCharge = await post({ ...first, chargeId: 'ch_someone_else' });
    expect(otherCharge.statusCode).toBe(409);
    expect(otherCharge.json()).toMatchObject({ error: 'event_id_reused' });
    expect((await post({ ...first, status: 'cancelled', chargeId: null })).statusCode).toBe(409);
    expect((await result(t, order, paid.data.repayRecordId)).status).toBe('paid');

    const pending = await huichao(order, 100_00);
    const future = await post({ ...first, merchantReference: pending.data.repayRecordId, amountMinor: 100_00, chargeId: 'ch_future', occurredAt: new Date(clock.now().getTime() + 3 * 3_600_000).toISOString() });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({ error: 'paid_at_out_of_range' });
    expect((await result(t, order, pending.data.repayRecordId)).status).toBe('charging');
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);

    const listed = await callOperatorApi<Page<PaymentException>>(t.app, 'GET', `${OperatorPath.paymentExceptions}?limit=3`);
    expect(listed.data.items.map((item) => [item.reason, item.event.merchantReference])).toEqual([
      ['paid_in_future', pending.data.repayRecordId],
      ['event_id_reused', paid.data.repayRecordId],
      ['event_id_reused', paid.data.repayRecordId],
    ]);
  });

  it('opens one checkout for everything owed when five are asked for at once; the others find it in flight', async () => {
    // Its one installment fell due yesterday: everything owed may be paid today (docs/decisions/233).
    const order = await repayingOrder(t, '5571110007', 'peso-flex-91', mexicoDate(-1));
    const everything = await owed(t, order.orderId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => huichao(order, everything)));
    expect(answers.map((a) => a.code).sort()).toEqual(['00', ...Array<string>(4).fill(String(ErrorCode.CardPaymentInFlight))]);
  });

  it('refuses an unsigned or forged notification', async () => {
    const body = JSON.stringify({ eventId: 'evt_1', checkoutId: 'chk_1', merchantReference: 'CRx', status: 'paid', amountMinor: 100, currency: 'MXN', chargeId: 'ch_1', occurredAt: new Date().toISOString() });
    const unsigned = await t.app.inject({ method: 'POST', url: `${WEBHOOK_BASE}/sandbox-card`, payload: body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(401);
    const signed = await t.app.inject({
      method: 'POST',
      url: `${WEBHOOK_BASE}/sandbox-card`,
      payload: body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(SANDBOX_CARD_WEBHOOK_SECRET, body, new Date()) },
    });
    expect(signed.statusCode).toBe(404);
    expect(signed.json()).toMatchObject({ error: 'unknown_reference' });
  });
});
