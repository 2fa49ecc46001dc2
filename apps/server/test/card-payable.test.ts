import { CardRepaymentPath, ERROR_MESSAGES, ErrorCode, LoanStatus, type RepaymentWayData } from '@lend/contracts';
import { addDays } from '@lend/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/payments';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { addTestCard, callCard, commit, orderWithCard, way } from './card-helpers';
import { indiaDate, mexicoDate, orderRow, owed, paymentsOf, repayingOrder, type RepayingOrder } from './payment-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS });
});
afterAll(async () => t?.close());
afterEach(async () => {
  // Whatever a test moved, the books balance and agree with the orders.
  expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
});

/** The card screen's listing in the borrower's language ('1' English, '2' Spanish). */
async function listing(order: RepayingOrder, language: string): Promise<RepaymentWayData> {
  const answer = await callCard<RepaymentWayData>(t, order.session, CardRepaymentPath.way, {}, { language, query: { orderId: order.orderNo } });
  expect(answer.code).toBe('00');
  return answer.data;
}

const message = (code: keyof typeof ERROR_MESSAGES, language: 'en' | 'es') => ERROR_MESSAGES[code][language];

describe('what a card may pay today (docs/decisions/233)', () => {
  it("offers nothing on India's one-installment loan before its early-repayment date, and a charge says why in both languages", async () => {
    // RupeeEasy 91: Rs.10,000 for 91 days in one installment of Rs.10,626.90, paid out 10 days ago.
    const dueOn = indiaDate(81);
    const order = await repayingOrder(t, '+919811233001', 'rupee-easy-91', dueOn);
    const card = await addTestCard(t, order.session, 'approve');
    const owedBefore = await owed(t, order.orderId);
    expect(owedBefore).toBe(1_062_690);
    const earlyFrom = addDays(dueOn, -91 + 46);

    const english = await listing(order, '1');
    expect(english).toMatchObject({
      market: 'IN',
      amount: 0,
      maxAmount: 0,
      unavailable: { code: String(ErrorCode.CardNothingDueYet), message: message(ErrorCode.CardNothingDueYet, 'en') },
      earlyRepaymentFrom: earlyFrom,
    });
    // The amount the screen used to offer, charged anyway: refused with the same reason.
    const refused = await commit(t, order, { repayToken: english.repayToken, amount: owedBefore, cardId: card.id }, '1');
    expect(refused).toMatchObject({ status: 409, code: String(ErrorCode.CardNothingDueYet), message: message(ErrorCode.CardNothingDueYet, 'en'), data: null });

    const spanish = await listing(order, '2');
    expect(spanish.unavailable?.message).toBe(message(ErrorCode.CardNothingDueYet, 'es'));
    const part = await commit(t, order, { repayToken: spanish.repayToken, amount: 100_00, cardId: card.id }, '2');
    expect(part).toMatchObject({ status: 409, code: String(ErrorCode.CardNothingDueYet), message: message(ErrorCode.CardNothingDueYet, 'es') });

    // The redirect checkout answers the same.
    const redirect = await callCard(t, order.session, CardRepaymentPath.redirect, { userId: order.session.userId, orderId: order.orderNo, amount: owedBefore }, { language: '1' });
    expect(redirect).toMatchObject({ status: 409, code: String(ErrorCode.CardNothingDueYet) });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    expect(await owed(t, order.orderId)).toBe(owedBefore);
  });

  it('takes the next installment ahead of its date, but not the rest of the loan, before the early-repayment date', async () => {
    // PesoPlus 120: four installments every 30 days; the first is due in 20 days, early repayment from day 60.
    const order = await orderWithCard(t, '5577233002', 'approve');
    const offered = await way(t, order);
    expect(offered).toMatchObject({ unavailable: null, earlyRepaymentFrom: addDays(mexicoDate(20), -30 + 60) });
    expect(offered.amount).toBeGreaterThan(0);
    expect(offered.maxAmount).toBe(offered.amount);

    const tooMuch = await commit(t, order, { repayToken: offered.repayToken, amount: offered.amount + 1, cardId: order.card.id });
    expect(tooMuch).toMatchObject({ status: 422, code: String(ErrorCode.CardAboveDueAndNext), message: message(ErrorCode.CardAboveDueAndNext, 'es') });
    // More than everything owed is said as such.
    const everything = await commit(t, order, { repayToken: offered.repayToken, amount: (await owed(t, order.orderId)) + 1, cardId: order.card.id });
    expect(everything).toMatchObject({ status: 422, code: String(ErrorCode.CardAmountInvalid) });

    // What the screen offers is what the charge takes.
    const paid = await commit(t, order, { repayToken: offered.repayToken, amount: offered.amount, cardId: order.card.id });
    expect(paid).toMatchObject({ status: 200, code: '00', data: { result: { status: 'paid', amount: offered.amount } } });
  });

  it('takes what settles the loan once early repayment is allowed, never more', async () => {
    // Paid out 61 days ago: installments 1 and 2 are due, early repayment allowed from day 60.
    const order = await repayingOrder(t, '5577233003', 'peso-plus-120', mexicoDate(-31));
    const card = await addTestCard(t, order.session, 'approve');
    const everything = await owed(t, order.orderId);
    const offered = await way(t, { ...order });
    expect(offered).toMatchObject({ unavailable: null, earlyRepaymentFrom: null });
    expect(offered.amount).toBeLessThan(offered.maxAmount);
    expect(offered.maxAmount).toBeLessThan(everything);

    const tooMuch = await commit(t, order, { repayToken: offered.repayToken, amount: everything, cardId: card.id }, '1');
    expect(tooMuch).toMatchObject({ status: 422, code: String(ErrorCode.CardAboveSettlement), message: message(ErrorCode.CardAboveSettlement, 'en') });
    const settled = await commit(t, order, { repayToken: offered.repayToken, amount: offered.maxAmount, cardId: card.id });
    expect(settled.data.result).toMatchObject({ status: 'paid', balanceAfter: 0, settled: true });
    expect((await orderRow(t, order.orderId)).statusCode).toBe(LoanStatus.Settled);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);
  });

  it('says a checkout left open holds what it is for, where a saved card used to be told the loan had nothing to repay', async () => {
    // RupeeEasy 91 whose one installment of Rs.10,626.90 fell due yesterday: all of it may be paid today.
    const order = await repayingOrder(t, '+919811233004', 'rupee-easy-91', indiaDate(-1));
    const card = await addTestCard(t, order.session, 'approve');
    const offered = await listing(order, '1');
    expect(offered).toMatchObject({ amount: 1_062_690, maxAmount: 1_062_690, unavailable: null });
    // The borrower opens the provider's checkout for it and leaves it open.
    const opened = await callCard(t, order.session, CardRepaymentPath.redirect, { userId: order.session.userId, orderId: order.orderNo, amount: offered.amount }, { language: '1' });
    expect(opened.code).toBe('00');

    // The screen no longer offers the amount the checkout holds, and a saved card is told why.
    const held = await listing(order, '1');
    expect(held).toMatchObject({
      amount: 0,
      maxAmount: 0,
      unavailable: { code: String(ErrorCode.CardPaymentInFlight), message: message(ErrorCode.CardPaymentInFlight, 'en') },
    });
    const english = await commit(t, order, { repayToken: offered.repayToken, amount: offered.amount, cardId: card.id }, '1');
    expect(english).toMatchObject({ status: 409, code: String(ErrorCode.CardPaymentInFlight), message: message(ErrorCode.CardPaymentInFlight, 'en') });
    const spanish = await commit(t, order, { repayToken: held.repayToken, amount: offered.amount, cardId: card.id }, '2');
    expect(spanish.message).toBe(message(ErrorCode.CardPaymentInFlight, 'es'));
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    expect(await owed(t, order.orderId)).toBe(1_062_690);
  });
});
