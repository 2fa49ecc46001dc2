import {
  ErrorCode,
  MachinePath,
  OperatorPath,
  type ContractDetail,
  type InstallmentDetail,
  type ProductSummary,
  type RepayInstruction,
} from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReferences } from '../src/db/schema';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, getBorrower, operatorStep, productByCode, pushOffer, sweepAt } from './loan-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('contract detail', () => {
  let session: BorrowerSession;
  let productId: number;
  beforeAll(async () => {
    session = await openSession(t.app, '5566660001');
    productId = (await productByCode(t.app, 'peso-plus-120')).id;
  });

  const contract = (query: Record<string, string>, who = session, language = '2') =>
    getBorrower<ContractDetail>(t.app, who, MachinePath.contractDetail, query, language);

  it('drafts the contract of the current offer with its numbers and dates counted from today', async () => {
    const { code, data } = await contract({ productId: String(productId) }, session, '1');
    expect(code).toBe(0);
    expect(data).toMatchObject({
      state: 'draft',
      language: 'en',
      amount: 1_000_000,
      commission: 50_000,
      Interest: 60_000,
      IVA: 17_600,
      giveAmount: 950_000,
      contractAmount: 1_077_600,
      company: 'Demo Préstamos México, S.A. de C.V., SOFOM, E.N.R. (demo)',
      userName: '+525566660001',
      textHash: '',
      periods: 4,
    });
    expect(data.plans).toHaveLength(4);
    expect(data.planDate).toBe(data.plans[3]?.dueDate);
    const text = data.clauses.map((c) => c.body).join('\n');
    expect(text).toContain('0.05% a day (18% a year on a 360-day year)');
    expect(text).toContain('$10,776.00');
    expect(text).toContain('a one-off late fee of $200.00');
    expect(text).toContain('5% a day from day 1 to day 30 of delay; 4% a day from day 31 to day 90 of delay; 2% a day from day 91 of delay until paid');
    expect(text).toContain('never exceed $10,000.00 (100% of the loan amount)');
    expect(text).toContain('from day 60 after disbursal');
    expect(text).toContain('extend a payment date by 7 days, at most 1 time, through the app, from 3 days before that date until 30 days after it');
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it('shows the signed contract as agreed, in the language it was agreed in, with dates once paid out', async () => {
    const orderNo = await pushOffer(t.app, session, productId);
    const signed = (await contract({ orderNo }, session, '1')).data;
    expect(signed).toMatchObject({ state: 'signed', orderNo, language: 'es', daiDate: '', amount: 1_000_000 });
    expect(signed.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.clauses[0]?.body).toContain(orderNo);
    expect(signed.plans.every((p) => p.dueDate === '')).toBe(true);

    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    const paidOut = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    const after = (await contract({ orderNo })).data;
    expect(after.daiDate).toBe(formatDate(new Date(paidOut.disbursedAt ?? ''), 'MX'));
    expect(after.plans[0]?.dueDate).toBe(paidOut.dueDate);
    expect(after.clauses).toEqual(signed.clauses);
    expect(after.textHash).toBe(signed.textHash);
  });

  it("refuses another borrower's contract, and a query with neither or both keys", async () => {
    const orderNo = await pushOffer(t.app, await openSession(t.app, '5566660002'), productId);
    expect((await contract({ orderNo })).code).toBe(ErrorCode.NotFound);
    expect((await contract({})).code).toBe(ErrorCode.InvalidRequest);
    expect((await contract({ orderNo, productId: String(productId) })).code).toBe(ErrorCode.InvalidRequest);
  });
});

describe('installment detail and repayment instructions', () => {
  let session: BorrowerSession;
  let pesoPlus: ProductSummary;
  let orderNo: string;
  let dueDate: string;
  beforeAll(async () => {
    session = await openSession(t.app, '5599990001');
    pesoPlus = await productByCode(t.app, 'peso-plus-120');
    orderNo = await pushOffer(t.app, session, pesoPlus.id);
  });

  const detail = (who = session, language = '2') =>
    callBorrower<InstallmentDetail>(t.app, who, MachinePath.installmentDetail, { orderId: orderNo }, language);
  const instruction = (body: Record<string, string | number>, who = session, language = '2') =>
    callBorrower<RepayInstruction>(t.app, who, MachinePath.repayInstruction, { orderId: orderNo, requestType: '1', ...body }, language);
  const referenceCount = async () => (await t.database.db.select({ n: count() }).from(paymentReferences))[0]?.n ?? 0;

  it('has nothing to repay before the payout', async () => {
    expect(await detail()).toMatchObject({ status: 409, code: ErrorCode.NothingToRepay });
  });

  it('shows the next installment and a reference per channel of the market, the same one each time', async () => {
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    dueDate = (await operatorStep(t.app, OperatorPath.orderDisburse, orderNo)).dueDate ?? '';
    const { code, data } = await detail();
    expect(code).toBe(0);
    expect(data).toMatchObject({ repayAmount: 269_400, repayDate: dueDate, productName: 'PesoPlus 120', market: 'MX' });
    expect(data.detail[0]).toEqual({ text: 'Pago 1 de 4', value: '$2,694.00' });
    expect(data.detail.at(-1)).toEqual({ text: 'Total pendiente', value: '$10,776.00' });
    expect(data.repayList.map((g) => g.reviewer)).toEqual(['Pague en efectivo en tienda', 'Pague por transferencia bancaria']);
    const [store] = data.repayList[0]?.list ?? [];
    const [bank] = data.repayList[1]?.list ?? [];
    expect(store).toMatchObject({ payCode: 'tienda-demo', vCode: expect.stringMatching(/^9\d{13}$/) });
    expect(store?.BARcodeImg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(bank).toMatchObject({ payCode: 'banco-demo', vCode: expect.stringMatching(/^000\d{15}$/), BARcodeImg: '' });
    expect((await detail()).data.repayList[0]?.list[0]?.vCode).toBe(store?.vCode);
    expect(await referenceCount()).toBe(2);
  });

  it('gives the instruction for an amount up to what is owed, never more', async () => {
    const { code, data } = await instruction({ amount: 269_400, payCode: 'tienda-demo' }, session, '1');
    expect(code).toBe(0);
    expect(data.repayDetail).toMatchObject({ amount: 269_400, repayTitle: 'Pay $2,694.00 at Tienda Demo', companyName: 'Demo Préstamos México, S.A. de C.V., SOFOM, E.N.R. (demo)' });
    expect(data.repayDetail.vCode).toBe((await detail()).data.repayList[0]?.list[0]?.vCode);
    // The store's own fee is said where the amount is: in the answer, the description and the step that names the amount.
    expect(data.repayDetail.fee).toBe(1_200);
    expect(data.repayDetail.repayDes).toBe(`This reference is for order ${orderNo} and this amount only. Hand over $2,706.00 at the till: $2,694.00 for your loan and $12.00, the store’s own fee.`);
    expect(data.dataList[0]?.content).toContain('Pay $2,706.00 in cash ($2,694.00 for your loan and the store’s $12.00 fee) and keep your receipt.');
    const spanish = (await instruction({ amount: 269_400, payCode: 'tienda-demo' })).data;
    expect(spanish.repayDetail.repayDes).toContain('Entregue $2,706.00 en caja: $2,694.00 para su préstamo y $12.00 de comisión de la tienda.');
    // A place with no fee of its own says only the amount.
    const bank = (await instruction({ amount: 269_400, payCode: 'banco-demo' }, session, '1')).data;
    expect(bank.repayDetail.fee).toBeUndefined();
    expect(bank.repayDetail.repayDes).toBe(`This reference is for order ${orderNo} and this amount only. Pay exactly $2,694.00.`);
    expect(data.topLogo).toBe('/media/channel-logos/tienda-demo.svg');

    expect((await instruction({ amount: 1_077_601, payCode: 'tienda-demo' })).code).toBe(ErrorCode.AmountMismatch);
    expect((await instruction({ amount: 1_000, payCode: 'cashpoint-demo' })).code).toBe(ErrorCode.NotFound);
    expect((await instruction({ amount: 1_000, payCode: 'banco-demo', requestType: '3' })).code).toBe(ErrorCode.InvalidRequest);
  });

  it('prices an extension exactly, and only while one is allowed', async () => {
    expect((await instruction({ amount: 1_000, payCode: 'banco-demo', requestType: '2' })).code).toBe(ErrorCode.ExtensionNotAvailable);
    await sweepAt(t.app, addDays(dueDate, 1));
    const late = await detail();
    // Due now: installment 1 (2,694.00) + the one-off fee 200.00 + 5% of it for day 1 (134.70)
    expect(late.data.repayAmount).toBe(269_400 + 20_000 + 13_470);
    // 7 days × 0.05% on $10,000.00 = 35.00, IVA 5.60, plus late charges 334.70
    const charge = 3_500 + 560 + 20_000 + 13_470;
    expect((await instruction({ amount: charge + 1, payCode: 'banco-demo', requestType: '2' })).code).toBe(ErrorCode.AmountMismatch);
    const extension = await instruction({ amount: charge, payCode: 'banco-demo', requestType: '2' });
    expect(extension.code).toBe(0);
    expect(extension.data.repayDetail.repayTitle).toBe('Pague $375.30 en Banco Demo para prorrogar su fecha');
  });

  it("refuses another borrower's order as if it did not exist", async () => {
    const stranger = await openSession(t.app, '5599990002');
    expect((await detail(stranger)).code).toBe(ErrorCode.NotFound);
    expect((await instruction({ amount: 1_000, payCode: 'tienda-demo' }, stranger)).code).toBe(ErrorCode.NotFound);
  });
});
