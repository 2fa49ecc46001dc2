import {
  ErrorCode,
  ERROR_MESSAGES,
  MachinePath,
  OperatorPath,
  type LoanConfirm,
  type ProductSummary,
} from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, callOperatorApi, productByCode } from './loan-helpers';

describe('loan confirmation', () => {
  let t: TestApp;
  let session: BorrowerSession;
  let pesoPlus: ProductSummary;
  let rupeePlus: ProductSummary;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    session = await openSession(t.app, '5511110001');
    pesoPlus = await productByCode(t.app, 'peso-plus-120');
    rupeePlus = await productByCode(t.app, 'rupee-plus-180');
  });
  afterAll(async () => t?.close());

  const confirm = (productId: number, extra: Record<string, string> = {}, language = '2') =>
    callBorrower<LoanConfirm>(t.app, session, MachinePath.loanConfirm, { productId, ...extra }, language);

  it('prices the default offer from the product: amounts, plan from today, CAT and the draft contract', async () => {
    const { code, data } = await confirm(pesoPlus.id);
    expect(code).toBe(0);
    // $10,000.00 for 120 days: commission 5% = 500.00; interest 0.05% × 120 = 600.00; IVA 16% × 1,100.00 = 176.00
    expect(data).toMatchObject({
      amount: 1_000_000,
      giveAmount: 950_000,
      periods: 4,
      termUnit: 30,
      termDays: 120,
      isNeedPop: 0,
      sendSms: 0,
      loanRate: '0.05%',
      couNum: 0,
      market: 'MX',
      comProductName: 'PesoPlus 120',
      isNewContract: `/agreement?productId=${pesoPlus.id}`,
    });
    expect(data.repay_plans.map((p) => p.amount)).toEqual([269_400, 269_400, 269_400, 269_400]);
    expect(data.repay_plans.reduce((sum, p) => sum + p.amount, 0)).toBe(1_077_600);
    expect(data.firstPayTime).toBe(data.repay_plans[0]?.pay_time);
    expect(data.ratemsg).toMatch(/^CAT \d+\.\d% sin IVA\. Para fines informativos y de comparación\.$/);
    const rows = Object.fromEntries(data.details.map((row) => [row.text, row.value]));
    expect(rows['Monto del préstamo']).toBe('$10,000.00');
    expect(rows['Monto que recibe']).toBe('$9,500.00');
    expect(rows['Total a pagar']).toBe('$10,776.00');
    expect(rows['Descuento del cupón sobre intereses']).toBe('0');
  });

  it('shows the APR in English for a rupee product', async () => {
    const other = await openSession(t.app, '5511110002');
    const { data } = await callBorrower<LoanConfirm>(t.app, other, MachinePath.loanConfirm, { productId: rupeePlus.id }, '1');
    expect(data.market).toBe('IN');
    expect(data.ratemsg).toMatch(/^APR \d+\.\d% a year/);
    expect(data.details[0]).toEqual({ text: 'Loan amount', value: '₹20,000.00' });
  });

  it('announces a revised offer once: the pop-up until the reload (isType=1) marks it seen', async () => {
    const set = await callOperatorApi(t.app, 'POST', OperatorPath.offerSet, {
      userId: Number(session.userId),
      productId: pesoPlus.id,
      amountMinor: 800_000,
      termDays: 240,
      couponMinor: 10_000,
    });
    expect(set.code).toBe(0);
    const first = await confirm(pesoPlus.id);
    expect(first.data).toMatchObject({ isNeedPop: 1, messageType: 1, amount: 800_000, termDays: 240, termUnit: 60, couNum: 10_000 });
    expect(first.data.amountDec).toBe('Su oferta se actualizó: $8,000.00 a 240 días. Estamos actualizando sus condiciones.');
    expect((await confirm(pesoPlus.id)).data.isNeedPop).toBe(1);
    const reload = await confirm(pesoPlus.id, { isType: '1' });
    expect(reload.data).toMatchObject({ isNeedPop: 0, amountDec: '', amount: 800_000 });
    expect((await confirm(pesoPlus.id)).data.isNeedPop).toBe(0);
  });

  it('refuses a withdrawn offer and an unknown product in the borrower language', async () => {
    await callOperatorApi(t.app, 'POST', OperatorPath.offerWithdraw, { userId: Number(session.userId), productId: rupeePlus.id });
    const withdrawn = await confirm(rupeePlus.id);
    expect(withdrawn).toMatchObject({ status: 404, code: ErrorCode.NoOffer, message: ERROR_MESSAGES[ErrorCode.NoOffer].es });
    const unknown = await confirm(999_999, {}, '1');
    expect(unknown).toMatchObject({ code: ErrorCode.NoOffer, message: ERROR_MESSAGES[ErrorCode.NoOffer].en });
  });

  it('refuses an operator offer outside the product range', async () => {
    const tooMuch = await callOperatorApi(t.app, 'POST', OperatorPath.offerSet, {
      userId: Number(session.userId),
      productId: pesoPlus.id,
      amountMinor: 99_000_000,
    });
    expect(tooMuch).toMatchObject({ status: 422, code: ErrorCode.AmountOutOfRange });
    const badTerm = await callOperatorApi(t.app, 'POST', OperatorPath.offerSet, {
      userId: Number(session.userId),
      productId: pesoPlus.id,
      termDays: 121,
    });
    expect(badTerm).toMatchObject({ code: ErrorCode.TermOutOfRange });
  });
});
