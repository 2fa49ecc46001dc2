import { ErrorCode, MachinePath, OperatorPath, type LoanDetails } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders } from '../src/db/schema';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, operatorStep, productByCode, pushOffer } from './loan-helpers';

describe('rating an order', () => {
  let t: TestApp;
  let session: BorrowerSession;
  let orderNo: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    session = await openSession(t.app, '5555550001');
    orderNo = await pushOffer(t.app, session, (await productByCode(t.app, 'peso-flex-91')).id);
  });
  afterAll(async () => t?.close());

  const score = (value: number | string, who = session, language = '2') =>
    callBorrower(t.app, who, MachinePath.loanScore, { orderId: orderNo, score: value }, language);
  const stored = async () => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo)))[0]?.score;

  it('is not open before the money arrives', async () => {
    expect(await score(5)).toMatchObject({ status: 409, code: ErrorCode.ScoreNotOpen });
    expect(await stored()).toBeNull();
  });

  it('refuses a score outside 1 to 5 with the spec message', async () => {
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    for (const value of [0, 6, -1]) {
      expect(await score(value)).toMatchObject({ status: 422, code: ErrorCode.ScoreRequired, message: 'Seleccione una calificación' });
    }
    expect((await score(0, session, '1')).message).toBe('Please select a rating.');
    expect((await score('abc')).code).toBe(ErrorCode.InvalidRequest);
    expect(await stored()).toBeNull();
  });

  it("refuses another borrower's order as if it did not exist", async () => {
    expect((await score(5, await openSession(t.app, '5555550002'))).code).toBe(ErrorCode.NotFound);
    expect(await stored()).toBeNull();
  });

  it('stores the score once and stops asking', async () => {
    expect(await score(3)).toMatchObject({ code: 0, data: null });
    expect(await stored()).toBe(3);
    expect(await score(5)).toMatchObject({ status: 409, code: ErrorCode.AlreadyScored });
    expect(await stored()).toBe(3);
    const details = await callBorrower<LoanDetails>(t.app, session, MachinePath.loanDetails, { orderId: orderNo });
    expect(details.data.isScore).toBe('0');
  });
});
