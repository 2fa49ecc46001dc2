import { ErrorCode, MachinePath, type BorrowerPayoff, type InstallmentDetail, type RepayInstruction } from '@lend/contracts';
import { formatAmount } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReferences } from '../src/db/schema';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { paidOutDaysAgo, paidOutToday } from './operator-payment-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

const ENGLISH = '1';
const SPANISH = '2';
const overview = (who: BorrowerSession, orderId: string, language = SPANISH) =>
  callBorrower<InstallmentDetail>(t.app, who, MachinePath.installmentDetail, { orderId }, language);
const instruction = (who: BorrowerSession, orderId: string, amount: number, language = SPANISH, payCode = 'tienda-demo') =>
  callBorrower<RepayInstruction>(t.app, who, MachinePath.repayInstruction, { orderId, requestType: '1', amount, payCode }, language);

describe('the payoff beside the installment', () => {
  it('offers what settles the loan today, with its own references, once early repayment is allowed', async () => {
    const { session, orderNo } = await paidOutDaysAgo(t, '5512470001', 'peso-flex-91', 60);
    const quote = (await callBorrower<BorrowerPayoff>(t.app, session, MachinePath.installmentPayoff, { orderId: orderNo })).data;
    const es = (await overview(session, orderNo)).data;
    expect(quote.payoffMinor).not.toBeNull();
    expect(es.payoff).toMatchObject({ amount: quote.payoffMinor, title: 'Liquide su préstamo', message: quote.message, rows: quote.rows });
    expect(es.payoff?.amount).toBeLessThan(quote.outstandingMinor);

    const payoffStore = es.payoff?.repayList[0]?.list[0];
    const installmentStore = es.repayList[0]?.list[0];
    expect(payoffStore).toMatchObject({ payCode: 'tienda-demo', BARcodeImg: expect.stringMatching(/^data:image\/svg\+xml/) });
    // A reference is for one amount: the payoff's is not the installment's.
    expect(payoffStore?.vCode).not.toBe(installmentStore?.vCode);
    expect(es.payoff?.repayList.map((group) => group.reviewer)).toEqual(es.repayList.map((group) => group.reviewer));

    // The instruction screen for that amount shows the same reference.
    const issued = (await instruction(session, orderNo, quote.payoffMinor ?? 0)).data;
    expect(issued.repayDetail.vCode).toBe(payoffStore?.vCode);

    const en = (await overview(session, orderNo, ENGLISH)).data;
    expect(en.payoff).toMatchObject({ title: 'Pay off your loan', message: expect.stringContaining(`Pay ${formatAmount(quote.payoffMinor ?? 0, 'MX')} today`) });
    expect(en.payoff?.repayList[0]?.list[0]?.vCode).toBe(payoffStore?.vCode);
  });

  it('is left out while early repayment is not yet allowed', async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5512470002');
    const detail = await overview(session, orderNo);
    expect(detail.code).toBe(ErrorCode.Ok);
    expect(detail.data.payoff).toBeUndefined();
  });
});

describe('the repayment instruction', () => {
  it('issues a new reference for an expired one and names the expired one', async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5512470003');
    const due = (await overview(session, orderNo)).data.repayAmount;
    const first = (await instruction(session, orderNo, due)).data.repayDetail;
    expect(first.expiredVCode).toBeUndefined();
    await t.database.db
      .update(paymentReferences)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentReferences.reference, first.vCode));

    const renewed = (await instruction(session, orderNo, due, ENGLISH)).data.repayDetail;
    expect(renewed.vCode).not.toBe(first.vCode);
    expect(renewed.expiredVCode).toBe(first.vCode);
    expect(new Date(renewed.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now());
    // Asked again, the new one stands and nothing is named expired.
    const again = (await instruction(session, orderNo, due)).data.repayDetail;
    expect(again).toMatchObject({ vCode: renewed.vCode });
    expect(again.expiredVCode).toBeUndefined();
  });

  it('names the fee table, which the app opens itself, rather than linking the site\'s loan terms', async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5512470004');
    const due = (await overview(session, orderNo)).data.repayAmount;
    const { imgList } = (await instruction(session, orderNo, due, ENGLISH)).data;
    expect(imgList).toMatchObject({ eMail: 'See the fees each place charges' });
    expect(imgList.link).toBeUndefined();
  });

  it("refuses another borrower's order and an amount above what is owed, in the borrower's language", async () => {
    const { orderNo } = await paidOutToday(t.app, '5512470005');
    const stranger = await openSession(t.app, '5512470006');
    const foreign = await instruction(stranger, orderNo, 100_00);
    expect(foreign).toMatchObject({ status: 404, code: ErrorCode.NotFound, data: null });
    const owner = await openSession(t.app, '5512470005');
    const tooMuch = await instruction(owner, orderNo, 99_999_999, ENGLISH);
    expect(tooMuch).toMatchObject({ code: ErrorCode.AmountMismatch, data: null });
    expect(tooMuch.message).not.toBe('');
  });
});
