import { createHash } from 'node:crypto';
import {
  ErrorCode,
  ERROR_MESSAGES,
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
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, callOperatorApi, productByCode } from './loan-helpers';

describe('loan push', () => {
  let t: TestApp;
  let pesoPlus: ProductSummary;
  let pesoFlex: ProductSummary;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    pesoPlus = await productByCode(t.app, 'peso-plus-120');
    pesoFlex = await productByCode(t.app, 'peso-flex-91');
  });
  afterAll(async () => t?.close());

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
