import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerPostings, loanOrders } from '../src/db/schema';
import { createTestApp, failureOf, queryRows, type TestApp } from './helper';

let t: TestApp;
let orderId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const [order] = await t.database.db.select({ id: loanOrders.id }).from(loanOrders).limit(1);
  if (!order) throw new Error('the demo data has no order');
  orderId = order.id;
});
afterAll(async () => t?.close());

async function ledgerCounts() {
  const [counts] = await queryRows<{ entries: number; postings: number; payments: number }>(
    t.database,
    sql`select (select count(*)::int from ledger_entries) as entries, (select count(*)::int from ledger_postings) as postings, (select count(*)::int from payments) as payments`,
  );
  return counts;
}

describe('the ledger guarded by the database itself', () => {
  it('refuses to empty the ledger or the payments with TRUNCATE', async () => {
    const before = await ledgerCounts();
    expect(before?.postings).toBeGreaterThan(0);
    for (const table of ['ledger_postings', 'ledger_entries', 'payments']) {
      expect(await failureOf(t.database.db.execute(sql.raw(`TRUNCATE ${table} CASCADE`)))).toMatch(/append-only: TRUNCATE/);
    }
    expect(await ledgerCounts()).toEqual(before);
  });

  it('refuses at commit an entry whose postings do not sum to zero, and keeps none of it', async () => {
    const before = await ledgerCounts();
    let entryId = 0;
    const failure = await failureOf(
      t.database.db.transaction(async (tx) => {
        const [entry] = await tx.insert(ledgerEntries).values({ orderId, kind: 'payment', bookedOn: '2026-01-02' }).returning({ id: ledgerEntries.id });
        entryId = entry?.id ?? 0;
        await tx.insert(ledgerPostings).values([
          { entryId, orderId, account: 'lender_cash', amountMinor: 100_00 },
          { entryId, orderId, account: 'principal_receivable', amountMinor: -99_00 },
        ]);
      }),
    );
    expect(failure).toMatch(/does not balance/);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entryId))).toEqual([]);
    expect(await ledgerCounts()).toEqual(before);
  });

  it('checks the sum once the transaction ends, so an entry may be written a posting at a time', async () => {
    const failure = await failureOf(
      t.database.db.transaction(async (tx) => {
        const [entry] = await tx.insert(ledgerEntries).values({ orderId, kind: 'payment', bookedOn: '2026-01-02' }).returning({ id: ledgerEntries.id });
        const entryId = entry?.id ?? 0;
        await tx.insert(ledgerPostings).values({ entryId, orderId, account: 'lender_cash', amountMinor: 100_00 });
        await tx.insert(ledgerPostings).values({ entryId, orderId, account: 'cash_in_transit', amountMinor: -100_00 });
        // Balanced by now; rolled back so the books of the demo order stay as they were.
        tx.rollback();
      }),
    );
    expect(failure).toMatch(/[Rr]ollback/);
  });
});
