import { LOAN_STATUS_CODES } from '@lend/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, companyFacts, loanContracts, loanInstallments, loanOrders, products, serviceContacts } from '../src/db/schema';
import { seedDemoData } from '../src/seed/demo-data';
import { createTestApp, type TestApp } from './helper';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('seeds a borrower with a session, products, an order in every status with its plan and contract, company facts and contacts, once', async () => {
    const first = await seedDemoData(t.database.db);
    expect(first?.sessionId).toBeTruthy();
    const db = t.database.db;
    const orders = await db.select().from(loanOrders);
    expect(new Set(orders.map((o) => o.statusCode))).toEqual(new Set(LOAN_STATUS_CODES));
    for (const order of orders) {
      expect(order.totalRepayableMinor - order.disbursalMinor).toBe(
        order.commissionMinor + order.interestMinor - order.discountMinor + order.taxMinor,
      );
      const plan = await db.select().from(loanInstallments).where(eq(loanInstallments.orderId, order.id));
      expect(plan.reduce((sum, i) => sum + i.amountMinor, 0)).toBe(order.totalRepayableMinor);
      expect(await db.select().from(loanContracts).where(eq(loanContracts.orderId, order.id))).toHaveLength(1);
      const paidOut = [170, 174, 180, 200].includes(order.statusCode);
      expect(plan.every((i) => (i.dueDate !== null) === paidOut)).toBe(true);
    }
    const overdue = orders.find((o) => o.statusCode === 180);
    expect(overdue?.penaltyMinor).toBeGreaterThan(0);
    expect((await db.select().from(products)).every((p) => p.logoUrl.startsWith('/media/product-logos/'))).toBe(true);
    expect((await db.select().from(companyFacts)).map((row) => row.market).sort()).toEqual(['IN', 'MX']);
    expect((await db.select().from(serviceContacts)).map((row) => row.market).sort()).toEqual(['IN', 'MX']);

    expect(await seedDemoData(db)).toBeNull();
    const [row] = await db.select({ n: count() }).from(borrowers);
    expect(row?.n).toBe(3);
  });

  it('serves the product logos', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/product-logos/pesoflex.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });
});
