import { CardRepaymentPath, ProfilePath, SandboxTestCard, type TokenizeCardForm } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders } from '../src/db/schema';
import { latestCode as latestSignInCode, signInWithSms } from './account-helpers';
import { callCard, commit, confirm, latestCode, way } from './card-helpers';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { findLeaks } from './log-leaks';
import { mexicoDate, repayingOrder } from './payment-helpers';
import { GLORIA, profileCalls } from './profile-helpers';
import { newVisitor, randomPhone, requestSms, solveCaptcha } from './promotion-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS });
});
afterAll(async () => t?.close());

describe('the log of a borrower’s secrets (docs/decisions/067)', () => {
  it('holds no session id, SMS code, captcha answer, national id or card number after signing in, the promotion, the profile and a card repayment', async () => {
    // Signing in with an SMS code.
    const signedIn = await signInWithSms(t, '5573330001', 'MX', '+525573330001');
    const signInCode = await latestSignInCode(t, '+525573330001');
    const who = { userId: signedIn.userId, sessionId: signedIn.sessionId, market: 'MX' as const, language: '2' as const };

    // The promotion's captcha and its SMS.
    const visitor = await newVisitor(t.app);
    const captcha = await solveCaptcha(t.app, visitor);
    expect((await requestSms(t.app, visitor, randomPhone(), captcha)).code).toBe('0');

    // The profile's national id.
    const identity = await profileCalls(() => t).call(who, ProfilePath.identity, GLORIA);
    expect(identity.body.code).toBe(0);

    // A card repayment: the number tokenised, the card bound, the charge confirmed with an SMS code.
    const order = await repayingOrder(t, '5573330002', 'peso-plus-120', mexicoDate(20));
    const form = await callCard<TokenizeCardForm>(t, order.session, CardRepaymentPath.cardForm);
    const tokenised = await t.app.inject({
      method: 'POST',
      url: form.data.tokenizeUrl,
      payload: { publishableKey: form.data.publishableKey, number: SandboxTestCard.approve, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, holderName: 'Ana Card' },
    });
    const bound = await callCard<{ id: number }>(t, order.session, CardRepaymentPath.bindCard, { token: tokenised.json<{ token: string }>().token });
    const committed = await commit(t, order, { repayToken: (await way(t, order)).repayToken, amount: 1_00, cardId: bound.data.id, sendMsg: 1 });
    const cardCode = committed.data?.needValid === 1 ? await latestCode(t, '+525573330002') : '';
    if (cardCode) expect((await confirm(t, order, committed.data.repayRecordId, cardCode)).code).toBe('00');

    const log = t.logs();
    expect(log.split('\n').length).toBeGreaterThan(25);
    const secrets = { sessionId: signedIn.sessionId, signInCode, sid: visitor.sid, captcha, nationalId: GLORIA.nationalId, card: SandboxTestCard.approve, cardCode };
    const orders = await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders);
    const scan = { secrets: Object.values(secrets).filter((value) => value !== ''), allowedIds: orders.map((row) => row.orderNo) };
    expect(findLeaks(log, scan)).toEqual([]);
    // The scan finds each of them when a line holds it.
    for (const [what, value] of Object.entries(secrets)) {
      if (value !== '') expect([what, findLeaks(`${log}{"msg":"x ${value} x"}\n`, scan).length > 0]).toEqual([what, true]);
    }
    // A random request id is not data, whatever digits it happens to hold; ten digits beside it are.
    expect(findLeaks('{"reqId":"MHxs3015566762ZvNM-PbJISkBM","msg":"x"}\n[haproxy] reqId=MHxs3015566762ZvNM POST /x\n', scan)).toEqual([]);
    expect(findLeaks('{"reqId":"MHxs","msg":"x 3015566762 x"}\n', scan)).toHaveLength(1);
  });
});
