import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, loanOrders } from '../src/db/schema';
import { findContract } from '../src/modules/contracts/contract-repository';
import { findBorrowerOrderDetails } from '../src/modules/orders/details-repository';
import { listInstallments } from '../src/modules/orders/installment-repository';
import { findBorrowerOrder } from '../src/modules/orders/order-repository';
import { DEMO_BORROWER } from '../src/seed/demo-data';
import { createTestApp, type TestApp } from './helper';

describe('the order details read in one query', () => {
  let t: TestApp;
  let demoId: number;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const [demo] = await t.database.db.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.phone, DEMO_BORROWER.phone));
    demoId = demo?.id ?? 0;
  });
  afterAll(async () => t?.close());

  it('returns what the order, installment and contract reads return, for an order in every status', async () => {
    const db = t.database.db;
    const orders = await db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(eq(loanOrders.borrowerId, demoId));
    expect(orders.length).toBeGreaterThan(5);
    let paidInstallments = 0;
    for (const { orderNo } of orders) {
      const order = await findBorrowerOrder(db, demoId, orderNo);
      if (!order) throw new Error(`no order ${orderNo}`);
      const installments = await listInstallments(db, order.id);
      paidInstallments += installments.filter((installment) => installment.paidAt !== null).length;
      expect(await findBorrowerOrderDetails(db, demoId, orderNo)).toEqual({
        order,
        installments,
        hasContract: (await findContract(db, order.id)) !== undefined,
        hasKeyFacts: ((await findContract(db, order.id))?.keyFactsSha256 ?? null) !== null,
      });
    }
    expect(paidInstallments).toBeGreaterThan(0);
  });

  it("finds another borrower's order exactly like a missing one", async () => {
    const [order] = await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(eq(loanOrders.borrowerId, demoId));
    expect(await findBorrowerOrderDetails(t.database.db, demoId + 1, order?.orderNo ?? '')).toBeUndefined();
    expect(await findBorrowerOrderDetails(t.database.db, demoId, 'LN00000000000000')).toBeUndefined();
  });

  it('reads an order number that is not plain letters and digits as data, never as SQL', async () => {
    const [order] = await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(eq(loanOrders.borrowerId, demoId));
    for (const orderNo of [`${order?.orderNo ?? ''}' or '1'='1`, "x'); drop table loan_orders; --", 'ñandú', ' ']) {
      expect(await findBorrowerOrderDetails(t.database.db, demoId, orderNo)).toBeUndefined();
    }
    expect(await findBorrowerOrderDetails(t.database.db, demoId, order?.orderNo ?? '')).toBeDefined();
  });
});
