import { ErrorCode, LoanStatus, OPERATOR_BASE, OperatorPath, type OrderSummary, type ProductSummary } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi, operatorStep, productByCode, pushOffer } from './loan-helpers';

describe('operator: products and orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => t?.close());

  it('lists products with their pricing, and orders by borrower', async () => {
    const products = await callOperatorApi<ProductSummary[]>(t.app, 'GET', OperatorPath.products);
    expect(products.data.map((p) => p.code)).toEqual(['peso-flex-91', 'peso-plus-120', 'peso-max-180', 'rupee-easy-91', 'rupee-plus-180']);
    const session = await openSession(t.app, '5588880001');
    const orderNo = await pushOffer(t.app, session, (await productByCode(t.app, 'peso-max-180')).id);
    const mine = await callOperatorApi<OrderSummary[]>(t.app, 'GET', `${OperatorPath.orders}?userId=${session.userId}`);
    expect(mine.data).toEqual([
      expect.objectContaining({ orderNo, userId: Number(session.userId), productCode: 'peso-max-180', status: LoanStatus.UnderReview, dueDate: null }),
    ]);
    const all = await callOperatorApi<OrderSummary[]>(t.app, 'GET', OperatorPath.orders);
    expect(all.data.length).toBeGreaterThan(7);
  });

  it('takes each step once, in the order the status machine allows', async () => {
    const orderNo = await pushOffer(t.app, await openSession(t.app, '5588880002'), (await productByCode(t.app, 'peso-flex-91')).id);
    const step = (path: string) => callOperatorApi<OrderSummary>(t.app, 'POST', path, { orderNo });
    expect((await step(OperatorPath.orderDisburse)).code).toBe(ErrorCode.OrderStatusConflict);
    expect((await operatorStep(t.app, OperatorPath.orderApprove, orderNo)).status).toBe(LoanStatus.Disbursing);
    expect(await step(OperatorPath.orderApprove)).toMatchObject({ status: 409, code: ErrorCode.OrderStatusConflict });
    expect((await step(OperatorPath.orderReject)).code).toBe(ErrorCode.OrderStatusConflict);
    const paid = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    expect(paid).toMatchObject({ status: LoanStatus.Disbursed });
    expect(paid.disbursedAt).not.toBeNull();
    const missing = await callOperatorApi(t.app, 'POST', OperatorPath.orderApprove, { orderNo: 'LN-NOPE' });
    expect(missing).toMatchObject({ status: 404, code: ErrorCode.NotFound });
  });

  it('refuses operator calls without the token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${OperatorPath.orders}` });
    expect(response.statusCode).toBe(401);
  });
});
