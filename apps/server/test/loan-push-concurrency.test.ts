import { MachinePath, type LoanConfirm, type LoanPush } from '@lend/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanContracts, loanInstallments, loanOrders } from '../src/db/schema';
import { createTestApp, openSession, type TestApp } from './helper';
import { callBorrower, productByCode } from './loan-helpers';

// On PostgreSQL the pushes really run at once (a pool of 10 connections); PGlite serializes them.
describe('concurrent pushes for the same offer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => t?.close());

  it('make exactly one order, and every push answers with it', async () => {
    const product = await productByCode(t.app, 'peso-max-180');
    const session = await openSession(t.app, '5533330001');
    const { data } = await callBorrower<LoanConfirm>(t.app, session, MachinePath.loanConfirm, { productId: product.id });
    const body = { productId: product.id, amount: data.amount, periods: data.periods, termUnit: data.termUnit, agreement: '1' };

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callBorrower<LoanPush>(t.app, session, MachinePath.loanPush, body)),
    );

    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(0));
    expect(new Set(answers.map((a) => a.data.lendDetailsUrl)).size).toBe(1);
    const db = t.database.db;
    const orders = await db.select().from(loanOrders).where(eq(loanOrders.borrowerId, Number(session.userId)));
    expect(orders).toHaveLength(1);
    const orderId = orders[0]?.id ?? 0;
    expect((await db.select({ n: count() }).from(loanInstallments).where(eq(loanInstallments.orderId, orderId)))[0]?.n).toBe(6);
    expect((await db.select({ n: count() }).from(loanContracts).where(eq(loanContracts.orderId, orderId)))[0]?.n).toBe(1);
  });
});
