import { createHash } from 'node:crypto';
import {
  ERROR_MESSAGES,
  ErrorCode,
  Limits,
  LoanStatus,
  MachinePath,
  OperatorPath,
  type LoanConfirm,
  type LoanPush,
  type ProductSummary,
} from '@lend/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanContracts, loanInstallments, loanOrders } from '../src/db/schema';
import { behindBalancer, createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, callOperatorApi, productByCode } from './loan-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('loan confirmation', () => {
  let session: BorrowerSession;
  let pesoPlus: ProductSummary;
  let rupeePlus: ProductSummary;
  beforeAll(async () => {
    session = await openSession(t.app, '5511110001');
    pesoPlus = await productByCode(t.app, 'peso-plus-120');
    rupeePlus = await productByCode(t.app, 'rupee-plus-180');
  });

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
    const other = await openSession(t.app, '9811110002', 'IN');
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
    await callOperatorApi(t.app, 'POST', OperatorPath.offerWithdraw, { userId: Number(session.userId), productId: pesoPlus.id });
    const withdrawn = await confirm(pesoPlus.id);
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

describe('loan push', () => {
  let pesoPlus: ProductSummary;
  let pesoFlex: ProductSummary;
  beforeAll(async () => {
    pesoPlus = await productByCode(t.app, 'peso-plus-120');
    pesoFlex = await productByCode(t.app, 'peso-flex-91');
  });

  const orderCount = async () => (await t.database.db.select({ n: count() }).from(loanOrders))[0]?.n ?? 0;
  const push = (session: BorrowerSession, body: Record<string, string | number>, language = '2') =>
    callBorrower<LoanPush>(t.app, session, MachinePath.loanPush, body, language);
  /** What the confirmation screen would send for the borrower's current offer. */
  async function confirmedTerms(session: BorrowerSession, productId: number) {
    const { data } = await callBorrower<LoanConfirm>(t.app, session, MachinePath.loanConfirm, { productId, isType: '1' });
    return { productId, amount: data.amount, periods: data.periods, termUnit: data.termUnit, agreement: '1' };
  }

  it('creates the order under review with its plan and the contract as agreed, once for a double tap', async () => {
    const session = await openSession(t.app, '5522220001');
    const terms = await confirmedTerms(session, pesoPlus.id);
    const first = await push(session, terms);
    expect(first.code).toBe(0);
    const orderNo = new URLSearchParams(first.data.lendDetailsUrl.split('?')[1]).get('orderId') ?? '';
    expect(first.data.lendDetailsUrl).toBe(`/loanDetails?orderId=${orderNo}&productId=${pesoPlus.id}`);
    const again = await push(session, terms);
    expect(again.data.lendDetailsUrl).toBe(first.data.lendDetailsUrl);

    const db = t.database.db;
    const orders = await db.select().from(loanOrders).where(eq(loanOrders.borrowerId, Number(session.userId)));
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({ orderNo, statusCode: LoanStatus.UnderReview, principalMinor: 1_000_000, totalRepayableMinor: 1_077_600 });
    const plan = await db.select().from(loanInstallments).where(eq(loanInstallments.orderId, order?.id ?? 0));
    expect(plan.map((i) => [i.seq, i.dueDay, i.amountMinor, i.dueDate])).toEqual([
      [1, 30, 269_400, null],
      [2, 60, 269_400, null],
      [3, 90, 269_400, null],
      [4, 120, 269_400, null],
    ]);
    const [contract] = await db.select().from(loanContracts).where(eq(loanContracts.orderId, order?.id ?? 0));
    expect(contract?.language).toBe('es');
    expect(contract?.clientIp).toBe('127.0.0.1');
    expect(contract?.textSha256).toBe(createHash('sha256').update(contract?.text ?? '').digest('hex'));
    expect(contract?.text).toContain(orderNo);
    expect(contract?.text).toContain('$10,000.00');
    expect(contract?.text).toContain('0.05% diario');
  });

  it('refuses bad pushes with a clear message and writes nothing', async () => {
    const session = await openSession(t.app, '5522220002');
    const terms = await confirmedTerms(session, pesoFlex.id);
    const before = await orderCount();
    const cases: [Record<string, string | number>, number][] = [
      [{ ...terms, agreement: '0' }, ErrorCode.AgreementRequired],
      [{ productId: terms.productId, amount: terms.amount, periods: terms.periods, termUnit: terms.termUnit }, ErrorCode.AgreementRequired],
      [{ ...terms, amount: 99_999 }, ErrorCode.AmountOutOfRange],
      [{ ...terms, amount: 600_000 }, ErrorCode.OfferChanged],
      [{ ...terms, termUnit: 400 }, ErrorCode.InvalidRequest],
      [{ ...terms, termUnit: 365 }, ErrorCode.TermOutOfRange],
      [{ ...terms, periods: 2, termUnit: 50 }, ErrorCode.TermOutOfRange],
      [{ ...terms, productId: 999_999 }, ErrorCode.NoOffer],
    ];
    for (const [body, code] of cases) {
      const answer = await push(session, body);
      expect(answer.code, JSON.stringify(body)).toBe(code);
      expect(answer.message).toBe(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES].es.replace('{field}', 'termUnit'));
    }
    const english = await push(session, { ...terms, agreement: '' }, '1');
    expect(english.message).toBe('Please accept the loan agreement to continue.');
    expect(await orderCount()).toBe(before);
  });

  it('refuses terms the borrower has not seen yet: a revised offer must be shown first', async () => {
    const session = await openSession(t.app, '5522220003');
    const terms = await confirmedTerms(session, pesoFlex.id);
    await callOperatorApi(t.app, 'POST', OperatorPath.offerSet, { userId: Number(session.userId), productId: pesoFlex.id, couponMinor: 5_000 });
    expect((await push(session, terms)).code).toBe(ErrorCode.OfferChanged);
    const seen = await confirmedTerms(session, pesoFlex.id);
    const pushed = await push(session, seen);
    expect(pushed.code).toBe(0);
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.borrowerId, Number(session.userId)));
    expect(order?.discountMinor).toBe(5_000);
  });

  it('refuses a second loan of a product while one is in progress, and a withdrawn offer', async () => {
    const session = await openSession(t.app, '5522220004');
    const terms = await confirmedTerms(session, pesoFlex.id);
    expect((await push(session, terms)).code).toBe(0);
    await callOperatorApi(t.app, 'POST', OperatorPath.offerSet, { userId: Number(session.userId), productId: pesoFlex.id, amountMinor: 700_000 });
    const confirm = await callBorrower(t.app, session, MachinePath.loanConfirm, { productId: pesoFlex.id });
    expect(confirm.code).toBe(ErrorCode.OrderInProgress);
    expect((await push(session, { ...terms, amount: 700_000 })).code).toBe(ErrorCode.OrderInProgress);

    await callOperatorApi(t.app, 'POST', OperatorPath.offerWithdraw, { userId: Number(session.userId), productId: pesoPlus.id });
    const withdrawn = await push(session, { ...terms, productId: pesoPlus.id, periods: 4, termUnit: 30, amount: 1_000_000 });
    expect(withdrawn.code).toBe(ErrorCode.NoOffer);
  });
});

// On PostgreSQL the pushes really run at once (two servers, each with a pool of 10 connections); PGlite serializes them.
describe('concurrent pushes for the same offer, over two servers', () => {
  let balanced: TestApp;
  let second: TestApp | undefined;
  beforeAll(async () => {
    ({ balanced, second } = await behindBalancer(t));
  });
  afterAll(async () => second?.close());

  it('make exactly one order, and every push answers with it', async () => {
    const product = await productByCode(t.app, 'peso-max-180');
    const session = await openSession(t.app, '5533330001');
    const { data } = await callBorrower<LoanConfirm>(t.app, session, MachinePath.loanConfirm, { productId: product.id });
    const body = { productId: product.id, amount: data.amount, periods: data.periods, termUnit: data.termUnit, agreement: '1' };

    const answers = await Promise.all(
      // As many as one borrower may send in a minute.
      Array.from({ length: Limits.borrowerCreatesPerMinute }, () => callBorrower<LoanPush>(balanced.app, session, MachinePath.loanPush, body)),
    );

    expect(answers.map((a) => a.code)).toEqual(Array(Limits.borrowerCreatesPerMinute).fill(0));
    expect(new Set(answers.map((a) => a.data.lendDetailsUrl)).size).toBe(1);
    const db = t.database.db;
    const orders = await db.select().from(loanOrders).where(eq(loanOrders.borrowerId, Number(session.userId)));
    expect(orders).toHaveLength(1);
    const orderId = orders[0]?.id ?? 0;
    expect((await db.select({ n: count() }).from(loanInstallments).where(eq(loanInstallments.orderId, orderId)))[0]?.n).toBe(6);
    expect((await db.select({ n: count() }).from(loanContracts).where(eq(loanContracts.orderId, orderId)))[0]?.n).toBe(1);
  });
});
