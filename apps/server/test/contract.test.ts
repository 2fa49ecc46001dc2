import { ErrorCode, MachinePath, OperatorPath, type ContractDetail } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { getBorrower, operatorStep, productByCode, pushOffer } from './loan-helpers';

describe('contract detail', () => {
  let t: TestApp;
  let session: BorrowerSession;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    session = await openSession(t.app, '5566660001');
    productId = (await productByCode(t.app, 'peso-plus-120')).id;
  });
  afterAll(async () => t?.close());

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
      company: 'Demo Lending Finance Pvt. Ltd. (demo)',
      userName: '5566660001',
      textHash: '',
      periods: 4,
    });
    expect(data.plans).toHaveLength(4);
    expect(data.planDate).toBe(data.plans[3]?.dueDate);
    const text = data.clauses.map((c) => c.body).join('\n');
    expect(text).toContain('0.05% a day (18% a year on a 360-day year)');
    expect(text).toContain('$10,776.00');
    expect(text).toContain('3% a day');
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
    expect(after.daiDate).toBe(paidOut.disbursedAt?.slice(0, 10));
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
