import { CardRepaymentPath, LoanStatus, MachinePath, type BankCard, type BorrowerPayments, type TokenizeCardForm } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCards } from '../src/db/schema';
import { DEMO_BORROWER } from '../src/seed/demo-data';
import { createTestApp, GENEROUS_BORROWER_CAPS, openSession, type TestApp } from './helper';
import { addTestCard, callCard, commit, confirm, dueOrderWithCard, latestCode, orderWithCard, recordRow, result, sandboxCharges, smsCount, way } from './card-helpers';
import { orderRow, owed, paymentsOf } from './payment-helpers';
import { outbox } from './promotion-helpers';
import { callBorrower } from './loan-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS });
});
afterAll(async () => t?.close());

describe('repayment-way', () => {
  it("lists the borrower's saved cards masked, a fresh token, what is owed now and everything owed", async () => {
    const order = await orderWithCard(t, '5577710001', 'approve');
    const listing = await way(t, order);
    expect(listing).toMatchObject({ alipay: 1, orderId: order.orderNo, productName: 'PesoPlus 120', market: 'MX' });
    expect(listing.bankCards).toEqual([{ id: order.card.id, bankName: order.card.bankName, cardNo: '•••• 4242', bankCode: order.card.bankCode, last4: '4242' }]);
    expect(listing.repayToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(listing.amount).toBeGreaterThan(0);
    // Before the early-repayment date a card pays the next installment, not the rest of the loan (docs/decisions/233).
    expect(listing.amount).toBeLessThan(await owed(t, order.orderId));
    expect(listing).toMatchObject({ maxAmount: listing.amount, unavailable: null, earlyRepaymentFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await way(t, order)).repayToken).not.toBe(listing.repayToken);
  });

  it("answers another borrower's order as it answers an unknown one", async () => {
    const order = await orderWithCard(t, '5577710002', 'approve');
    const stranger = await openSession(t.app, '5577710003');
    const theirs = await callCard(t, stranger, CardRepaymentPath.way, {}, { query: { orderId: order.orderNo } });
    const unknown = await callCard(t, stranger, CardRepaymentPath.way, {}, { query: { orderId: 'LN-unknown' } });
    expect(theirs).toEqual(unknown);
    expect(theirs).toMatchObject({ status: 404, code: '1004', data: null });
  });

  it('refuses without a session, in the card envelope', async () => {
    const answer = await t.app.inject({ method: 'POST', url: `/api/v1/youmi/youmi-api/service/loan${CardRepaymentPath.way}?orderId=X&language=1` });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ code: '2001', message: expect.any(String), data: null });
  });
});

describe('a card that needs no code', () => {
  it('charges once on commit and applies the payment through the ledger', async () => {
    const order = await orderWithCard(t, '5577720001', 'approve');
    const listing = await way(t, order);
    const before = await owed(t, order.orderId);
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    expect(answer).toMatchObject({ status: 200, code: '00', data: { needValid: 0, result: { status: 'paid', method: 'card', amount: listing.amount, last4: '4242', settled: false } } });
    expect(answer.data.result.receiptNo).toBe(`${order.orderNo}-1`);
    expect(answer.data.result.balanceAfter).toBe(before - listing.amount);
    const [payment] = await paymentsOf(t, order.orderId);
    expect(payment).toMatchObject({ provider: 'sandbox-card', channelCode: 'card', purpose: 'repayment', referenceId: null, amountMinor: listing.amount });
    const record = await recordRow(t, answer.data.repayRecordId);
    expect(record).toMatchObject({ status: 'paid', paymentId: payment?.id, idempotencyKey: `card-repayment-${record.id}` });
    expect(payment?.providerEventId).toBe(record.providerChargeId);
    expect(await owed(t, order.orderId)).toBe(before - listing.amount);
    expect(await smsCount(t, order.phone)).toBe(0);
    // The borrower's receipt names the card charged, in each language.
    for (const [language, channel] of [['1', 'Card •••• 4242'], ['2', 'Tarjeta •••• 4242']] as const) {
      const receipts = await callBorrower<BorrowerPayments>(t.app, order.session, MachinePath.installmentPayments, { orderId: order.orderNo }, language);
      expect(receipts.data.receipts.map((receipt) => receipt.channel)).toEqual([channel]);
    }
  });

  it('settles the order when the card pays everything owed', async () => {
    const order = await dueOrderWithCard(t, '5577720002', 'approve');
    const listing = await way(t, order);
    expect(listing.maxAmount).toBe(await owed(t, order.orderId));
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.maxAmount, cardId: order.card.id });
    expect(answer.data.result).toMatchObject({ status: 'paid', balanceAfter: 0, settled: true });
    expect((await orderRow(t, order.orderId)).statusCode).toBe(LoanStatus.Settled);
    // Nothing is owed any more: the card screen has nothing to offer.
    const again = await callCard(t, order.session, CardRepaymentPath.way, {}, { query: { orderId: order.orderNo } });
    expect(again.code).toBe('7011');
  });

  it('answers the same record for the same token and amount again, and never charges twice', async () => {
    const order = await orderWithCard(t, '5577720003', 'approve');
    const listing = await way(t, order);
    const fields = { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id };
    const first = await commit(t, order, fields);
    const second = await commit(t, order, fields);
    expect(second).toEqual(first);
    expect(await sandboxCharges(t, [first.data.repayRecordId])).toHaveLength(1);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('refuses the same token with another amount or card (800003)', async () => {
    const order = await orderWithCard(t, '5577720004', 'approve');
    const other = await addTestCard(t, order.session, 'approve');
    const listing = await way(t, order);
    await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    const otherAmount = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount - 1, cardId: order.card.id });
    const otherCard = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: other.id });
    expect(otherAmount).toMatchObject({ status: 409, code: '800003', data: null });
    expect(otherCard.code).toBe('800003');
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });
});

describe('commit refusals', () => {
  it('refuses a card that is not the borrower’s, or none (800001), and nothing is created', async () => {
    const order = await orderWithCard(t, '5577730001', 'approve');
    const stranger = await orderWithCard(t, '5577730002', 'approve');
    const listing = await way(t, order);
    const theirs = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: stranger.card.id }, '1');
    expect(theirs).toMatchObject({ status: 404, code: '800001', message: 'Choose one of your saved cards to pay with.', data: null });
    const none = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: 999_999 });
    expect(none.code).toBe('800001');
    // The token is still good for a proper commit.
    expect((await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id })).code).toBe('00');
  });

  it('refuses an amount above everything owed (800004)', async () => {
    const order = await orderWithCard(t, '5577730003', 'approve');
    const listing = await way(t, order);
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: (await owed(t, order.orderId)) + 1, cardId: order.card.id });
    expect(answer).toMatchObject({ status: 422, code: '800004', message: 'El monto debe ser mayor que cero y no mayor que lo que debe.' });
    const zero = await commit(t, order, { repayToken: listing.repayToken, amount: 0, cardId: order.card.id });
    expect(zero).toMatchObject({ status: 400, code: '1001' });
  });

  it("refuses an unknown token, another borrower's, another order's (800002)", async () => {
    const order = await orderWithCard(t, '5577730004', 'approve');
    const stranger = await orderWithCard(t, '5577730005', 'approve');
    const theirListing = await way(t, stranger);
    const unknown = await commit(t, order, { repayToken: 'not-a-token', amount: 100, cardId: order.card.id });
    const theirs = await commit(t, order, { repayToken: theirListing.repayToken, amount: 100, cardId: order.card.id });
    expect(unknown).toMatchObject({ status: 409, code: '800002' });
    expect(theirs.code).toBe('800002');
  });

  it('takes a JSON body as well as a form', async () => {
    const order = await orderWithCard(t, '5577730006', 'approve');
    const listing = await way(t, order);
    const body = { orderId: order.orderNo, repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id, sendMsg: 0, couponId: null };
    const answer = await callCard(t, order.session, CardRepaymentPath.commit, body as unknown as Record<string, number>, { json: true });
    expect(answer.code).toBe('00');
  });
});

describe('a card that needs an SMS code', () => {
  it('sends a code on commit and charges once when it is confirmed', async () => {
    const order = await orderWithCard(t, '5577740001', 'code');
    const listing = await way(t, order);
    const committed = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id }, '1');
    expect(committed).toMatchObject({ code: '00', data: { needValid: 1, result: { status: 'awaitingCode', resendInSeconds: 60 } } });
    const [sms] = await outbox(t.app, order.phone);
    expect(sms?.text).toMatch(/^Lend: your payment code is \d{6}\. It expires in 5 minutes\. Never share it\.$/);
    expect(await sandboxCharges(t, [committed.data.repayRecordId])).toHaveLength(0);

    const confirmed = await confirm(t, order, committed.data.repayRecordId, await latestCode(t, order.phone));
    expect(confirmed).toMatchObject({ code: '00', data: { needValid: 0, result: { status: 'paid', receiptNo: `${order.orderNo}-1` } } });
    expect(await sandboxCharges(t, [committed.data.repayRecordId])).toHaveLength(1);
    expect(await result(t, order, committed.data.repayRecordId)).toEqual(confirmed.data.result);
  });

  it('writes the code message in Spanish for a Spanish borrower', async () => {
    const order = await orderWithCard(t, '5577740002', 'code');
    const listing = await way(t, order);
    await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id }, '2');
    const [sms] = await outbox(t.app, order.phone);
    expect(sms?.text).toMatch(/^Lend: su código de pago es \d{6}\. Caduca en 5 minutos\. No lo comparta con nadie\.$/);
  });
});

describe('repayment-result', () => {
  it("answers another borrower's record as an unknown one (800013)", async () => {
    const order = await orderWithCard(t, '5577750001', 'approve');
    const stranger = await orderWithCard(t, '5577750002', 'approve');
    const listing = await way(t, order);
    const { data } = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    const theirs = await callCard(t, stranger.session, CardRepaymentPath.result, { orderId: order.orderNo, repayRecordId: data.repayRecordId });
    const unknown = await callCard(t, stranger.session, CardRepaymentPath.result, { orderId: order.orderNo, repayRecordId: 'CRnothing' });
    expect(theirs).toEqual(unknown);
    expect(theirs).toMatchObject({ status: 404, code: '800013' });
  });
});

describe('card-form and bind-card', () => {
  it("names the provider's tokenisation address, and saves a token's card once", async () => {
    const session = await openSession(t.app, '5577760001');
    const form = await callCard<TokenizeCardForm>(t, session, CardRepaymentPath.cardForm);
    expect(form).toMatchObject({ code: '00', data: { provider: 'sandbox-card', tokenizeUrl: '/sandbox/card-provider/tokens' } });
    const tokenised = await t.app.inject({
      method: 'POST',
      url: form.data.tokenizeUrl,
      payload: { publishableKey: form.data.publishableKey, number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, holderName: 'Ana Prueba' },
    });
    const { token } = tokenised.json<{ token: string }>();
    const first = await callCard<BankCard>(t, session, CardRepaymentPath.bindCard, { token });
    const again = await callCard<BankCard>(t, session, CardRepaymentPath.bindCard, { token });
    expect(first).toMatchObject({ code: '00', data: { cardNo: '•••• 4242', last4: '4242' } });
    expect(again.data).toEqual(first.data);
  });

  it("refuses a token the provider never issued, or another borrower's (800014)", async () => {
    const session = await openSession(t.app, '5577760002');
    const stranger = await openSession(t.app, '5577760003');
    expect(await callCard(t, session, CardRepaymentPath.bindCard, { token: 'tok_unknown' })).toMatchObject({ status: 422, code: '800014' });
    const card = await addTestCard(t, stranger, 'approve');
    const [row] = await t.database.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(await callCard(t, session, CardRepaymentPath.bindCard, { token: row?.providerToken ?? '' })).toMatchObject({ code: '800014' });
  });
});

describe('the demo borrower', () => {
  it('has a saved card that pays at once and one that asks for a code', async () => {
    const session = await openSession(t.app, DEMO_BORROWER.phone);
    const cards = await t.database.db.select().from(savedCards).where(eq(savedCards.borrowerId, Number(session.userId)));
    expect(cards.map((card) => [card.last4, card.requiresCode])).toEqual([
      ['4242', false],
      ['3155', true],
    ]);
  });
});
