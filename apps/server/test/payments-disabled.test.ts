import { CardRepaymentPath, ErrorCode, errorMessage, MachinePath, WEBHOOK_BASE } from '@lend/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { cardRepayments, cardRepayTokens, paymentReferences, savedCards } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { callCard } from './card-helpers';
import { callBorrower } from './loan-helpers';
import { mexicoDate, repayingOrder } from './payment-helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const DISABLED = { CASH_PAYMENT_PROVIDER: 'disabled', CARD_PAYMENT_PROVIDER: 'disabled' };

const signedBody = { 'content-type': 'application/json', 'x-signature': 'whatever' };

describe('payments disabled until a real provider is configured (docs/decisions/111)', () => {
  it('refuses a cash reference in the borrower\'s language and saves none', async () => {
    t = await createTestApp({ seed: true, env: DISABLED });
    const order = await repayingOrder(t, '5599970001', 'peso-plus-120', mexicoDate(20));
    const body = { orderId: order.orderNo, requestType: '1', amount: 100_00, payCode: 'tienda-demo' };
    for (const [flag, language] of [['2', 'es'], ['1', 'en']] as const) {
      const answer = await callBorrower(t.app, order.session, MachinePath.repayInstruction, body, flag);
      expect(answer).toMatchObject({ status: 503, code: ErrorCode.PaymentReferenceUnavailable, message: errorMessage(ErrorCode.PaymentReferenceUnavailable, language) });
    }
    expect(await t.database.db.select().from(paymentReferences)).toEqual([]);
  });

  it('refuses every card call in the borrower\'s language and writes nothing', async () => {
    t = await createTestApp({ seed: true, env: DISABLED });
    const order = await repayingOrder(t, '5599970002', 'peso-plus-120', mexicoDate(20));
    const calls: [string, Record<string, string | number>, Record<string, string>][] = [
      [CardRepaymentPath.way, {}, { orderId: order.orderNo }],
      [CardRepaymentPath.commit, { orderId: order.orderNo, repayToken: 'x'.repeat(32), amount: 100_00, cardId: 1, sendMsg: 0 }, {}],
      [CardRepaymentPath.redirect, { userId: order.session.userId, orderId: order.orderNo, amount: 100_00 }, {}],
      [CardRepaymentPath.cardForm, {}, {}],
      [CardRepaymentPath.bindCard, { token: 'tok_whatever' }, {}],
    ];
    for (const [path, body, query] of calls) {
      for (const [flag, language] of [['2', 'es'], ['1', 'en']] as const) {
        const answer = await callCard(t, order.session, path, body, { language: flag, query });
        expect(answer, path).toMatchObject({
          status: 503,
          code: String(ErrorCode.CardProviderUnavailable),
          message: errorMessage(ErrorCode.CardProviderUnavailable, language),
        });
      }
    }
    const db = t.database.db;
    expect([...(await db.select().from(cardRepayTokens)), ...(await db.select().from(cardRepayments)), ...(await db.select().from(savedCards))]).toEqual([]);
  });

  it('has no webhook for a disabled provider', async () => {
    t = await createTestApp({ seed: true, env: DISABLED });
    for (const provider of ['sandbox-cash', 'disabled-cash', 'sandbox', 'disabled']) {
      const response = await t.app.inject({ method: 'POST', url: `${WEBHOOK_BASE}/${provider}`, headers: signedBody, payload: '{}' });
      expect(response.statusCode, provider).toBe(404);
    }
  });

  it('keeps the rest of the product: orders, complaints and the contacts answer', async () => {
    t = await createTestApp({ seed: true, env: DISABLED });
    const order = await repayingOrder(t, '5599970003', 'peso-plus-120', mexicoDate(20));
    expect(await callBorrower(t.app, order.session, MachinePath.loanDetails, { orderId: order.orderNo })).toMatchObject({ status: 200, code: 0 });
    expect(await callBorrower(t.app, order.session, MachinePath.complaintInit, {})).toMatchObject({ status: 200, code: 0 });
    expect(await callBorrower(t.app, order.session, MachinePath.serviceContacts, { overall: 30 })).toMatchObject({ status: 200, code: 0 });
  });
});
