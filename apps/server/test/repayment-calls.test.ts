import {
  ErrorCode,
  MachinePath,
  OperatorPath,
  type InstallmentDetail,
  type ProductSummary,
  type RepayInstruction,
} from '@lend/contracts';
import { addDays } from '@lend/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReferences } from '../src/db/schema';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, operatorStep, productByCode, pushOffer, sweepAt } from './loan-helpers';

describe('installment detail and repayment instructions', () => {
  let t: TestApp;
  let session: BorrowerSession;
  let pesoPlus: ProductSummary;
  let orderNo: string;
  let dueDate: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    session = await openSession(t.app, '5599990001');
    pesoPlus = await productByCode(t.app, 'peso-plus-120');
    orderNo = await pushOffer(t.app, session, pesoPlus.id);
  });
  afterAll(async () => t?.close());

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
    expect(data.repayDetail).toMatchObject({ amount: 269_400, repayTitle: 'Pay $2,694.00 at Tienda Demo', companyName: 'Demo Lending Finance Pvt. Ltd. (demo)' });
    expect(data.repayDetail.vCode).toBe((await detail()).data.repayList[0]?.list[0]?.vCode);
    expect(data.dataList[0]?.content).toContain('Pay exactly $2,694.00 in cash and keep your receipt.');
    expect(data.topLogo).toBe('/media/channel-logos/tienda-demo.svg');

    expect((await instruction({ amount: 1_077_601, payCode: 'tienda-demo' })).code).toBe(ErrorCode.AmountMismatch);
    expect((await instruction({ amount: 1_000, payCode: 'cashpoint-demo' })).code).toBe(ErrorCode.NotFound);
    expect((await instruction({ amount: 1_000, payCode: 'banco-demo', requestType: '3' })).code).toBe(ErrorCode.InvalidRequest);
  });

  it('prices an extension exactly, and only while one is allowed', async () => {
    expect((await instruction({ amount: 1_000, payCode: 'banco-demo', requestType: '2' })).code).toBe(ErrorCode.ExtensionNotAvailable);
    await sweepAt(t.app, addDays(dueDate, 1));
    const late = await detail();
    // Due now: installment 1 (2,694.00) + 3% of it for 1 day (80.82)
    expect(late.data.repayAmount).toBe(269_400 + 8_082);
    // 7 days × 0.05% on $10,000.00 = 35.00, IVA 5.60, plus late charges 80.82
    const charge = 3_500 + 560 + 8_082;
    expect((await instruction({ amount: charge + 1, payCode: 'banco-demo', requestType: '2' })).code).toBe(ErrorCode.AmountMismatch);
    const extension = await instruction({ amount: charge, payCode: 'banco-demo', requestType: '2' });
    expect(extension.code).toBe(0);
    expect(extension.data.repayDetail.repayTitle).toBe('Pague $121.42 en Banco Demo para prorrogar su fecha');
  });

  it("refuses another borrower's order as if it did not exist", async () => {
    const stranger = await openSession(t.app, '5599990002');
    expect((await detail(stranger)).code).toBe(ErrorCode.NotFound);
    expect((await instruction({ amount: 1_000, payCode: 'tienda-demo' }, stranger)).code).toBe(ErrorCode.NotFound);
  });
});
