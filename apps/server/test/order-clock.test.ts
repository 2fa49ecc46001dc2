import { LoanStatus, OperatorPath, type ProductSummary } from '@lend/contracts';
import { addDays } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders } from '../src/db/schema';
import { sweepOrders } from '../src/modules/loans/order-clock';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi, operatorStep, productByCode, pushOffer } from './loan-helpers';

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

describe('order clock', () => {
  let t: TestApp;
  let flex: ProductSummary;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    flex = await productByCode(t.app, 'peso-flex-91');
  });
  afterAll(async () => t?.close());

  const order = async (orderNo: string) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo)))[0];

  it('moves an order to due on its date and to overdue after, accruing each late day once', async () => {
    const orderNo = await pushOffer(t.app, await openSession(t.app, '5577770001'), flex.id);
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    const { dueDate } = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    const due = dueDate ?? '';
    const db = t.database.db;

    await sweepOrders(db, noon(addDays(due, -1)));
    expect((await order(orderNo))?.statusCode).toBe(LoanStatus.Disbursed);
    await sweepOrders(db, noon(due));
    expect((await order(orderNo))?.statusCode).toBe(LoanStatus.Due);
    await sweepOrders(db, noon(addDays(due, 1)));
    // $5,303.90 late 1 day at 3% = 159.117 → 159.12
    expect(await order(orderNo)).toMatchObject({ statusCode: LoanStatus.Overdue, penaltyMinor: 15_912, penaltyThrough: addDays(due, 1) });
    const again = await sweepOrders(db, noon(addDays(due, 1)));
    expect(again.penalised).toBe(0);
    expect((await order(orderNo))?.penaltyMinor).toBe(15_912);
    await sweepOrders(db, noon(addDays(due, 3)));
    expect((await order(orderNo))?.penaltyMinor).toBe(47_735);
    // The real clock, behind the day already accrued, takes nothing back.
    await sweepOrders(db, noon(addDays(due, 2)));
    expect((await order(orderNo))?.penaltyMinor).toBe(47_735);
  });

  it('is safe to run from several processes at once: each step happens once', async () => {
    const orderNo = await pushOffer(t.app, await openSession(t.app, '5577770002'), flex.id);
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    const { dueDate } = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    const at = noon(addDays(dueDate ?? '', 4));
    const results = await Promise.all(Array.from({ length: 5 }, () => sweepOrders(t.database.db, at)));
    expect(results.reduce((sum, r) => sum + r.penalised, 0)).toBeGreaterThanOrEqual(1);
    // 3% a day × 4 days on $5,303.90 = 636.468 → 636.47, applied once however many ran
    expect(await order(orderNo)).toMatchObject({ statusCode: LoanStatus.Overdue, penaltyMinor: 63_647 });
  });

  it('runs on demand through the operator API, and refuses another instant in production', async () => {
    const answer = await callOperatorApi(t.app, 'POST', OperatorPath.orderSweep, {});
    expect(answer).toMatchObject({ code: 0, data: { ran: true } });
    const production = await createTestApp({ env: { NODE_ENV: 'production', OPERATOR_TOKEN: 'x'.repeat(40), DATA_DIR: '/tmp/none' } });
    try {
      const refused = await callOperatorApi(production.app, 'POST', OperatorPath.orderSweep, { at: '2030-01-01T12:00:00Z' });
      expect(refused).toMatchObject({ status: 400, code: 1001, message: 'Invalid value for "at".' });
    } finally {
      await production.close();
    }
  });
});
