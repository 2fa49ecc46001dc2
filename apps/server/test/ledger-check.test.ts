import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client';
import { ledgerEntries, ledgerPostings, loanOrders, payments } from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import { createRepayingOrders } from './factories';
import { createTestApp, failureOf, openSession, type TestApp } from './helper';

let t: TestApp;
let borrowerId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  borrowerId = Number((await openSession(t.app, '5512490001')).userId);
});
afterAll(async () => t?.close());

/**
 * Runs `work` with the database's own ledger guards off (triggers do not fire for a replica
 * session), to write what the application never could and see whether the check finds it.
 */
function withoutLedgerGuards<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    return work(tx);
  });
}

describe('the ledger check over a book in ranges of order ids', () => {
  it('checks every order once, across ranges with gaps between their ids', async () => {
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(loanOrders);
    await createRepayingOrders(t.database.db, borrowerId, 'peso-flex-91', 3, '2030-04-01');
    // The next orders' ids start two ranges further on, leaving a range with no order at all.
    await t.database.db.execute(sql`alter table loan_orders alter column id restart with 5999`);
    await createRepayingOrders(t.database.db, borrowerId, 'peso-flex-91', 3, '2030-04-01');

    const result = await checkLedger(t.database.db);
    expect(result).toEqual({ ordersChecked: (before?.n ?? 0) + 6, mismatches: [] });
  });

  it('finds an entry whose postings do not sum to zero, and an entry with no postings', async () => {
    const [orderId] = await createRepayingOrders(t.database.db, borrowerId, 'peso-flex-91', 1, '2030-05-01');
    if (orderId === undefined) throw new Error('no order made');
    const written = await withoutLedgerGuards(async (tx) => {
      const [uneven, bare] = await tx
        .insert(ledgerEntries)
        .values([
          { orderId, kind: 'payment', bookedOn: '2030-05-02' },
          { orderId, kind: 'payment', bookedOn: '2030-05-02' },
        ])
        .returning({ id: ledgerEntries.id });
      if (!uneven || !bare) throw new Error('entries not written');
      await tx.insert(ledgerPostings).values([
        { entryId: uneven.id, orderId, account: 'lender_cash', amountMinor: 100_00 },
        { entryId: uneven.id, orderId, account: 'cash_in_transit', amountMinor: -99_00 },
      ]);
      return { uneven: uneven.id, bare: bare.id };
    });
    try {
      const { mismatches } = await checkLedger(t.database.db);
      expect(mismatches).toEqual(
        expect.arrayContaining([
          { kind: 'unbalanced-entry', entryId: written.uneven, orderId, sumMinor: 1_00 },
          { kind: 'unbalanced-entry', entryId: written.bare, orderId, sumMinor: 0 },
        ]),
      );
      expect(mismatches).toHaveLength(2);
    } finally {
      // The ledger is append-only; with its guards off the test takes back what it wrote.
      await withoutLedgerGuards(async (tx) => {
        await tx.delete(ledgerPostings).where(inArray(ledgerPostings.entryId, [written.uneven, written.bare]));
        await tx.delete(ledgerEntries).where(inArray(ledgerEntries.id, [written.uneven, written.bare]));
      });
    }
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });

  it('finds a posting to an account outside the chart, and a payment the ledger never booked', async () => {
    const [orderId] = await createRepayingOrders(t.database.db, borrowerId, 'peso-flex-91', 1, '2030-05-11');
    if (orderId === undefined) throw new Error('no order made');
    const written = await withoutLedgerGuards(async (tx) => {
      const [entry] = await tx.insert(ledgerEntries).values({ orderId, kind: 'payment', bookedOn: '2030-05-12' }).returning({ id: ledgerEntries.id });
      if (!entry) throw new Error('entry not written');
      // Balanced, but one side names an account the chart does not have.
      await tx.insert(ledgerPostings).values([
        { entryId: entry.id, orderId, account: 'cash_in_transitt', amountMinor: 100_00 },
        { entryId: entry.id, orderId, account: 'borrower_credit', amountMinor: -100_00 },
      ]);
      const [payment] = await tx
        .insert(payments)
        .values({
          receiptNo: `unbooked-${orderId}`,
          orderId,
          provider: 'sandbox-cash',
          providerEventId: `unbooked-${orderId}`,
          purpose: 'repayment',
          amountMinor: 50_00,
          paidAt: new Date('2030-05-12T10:00:00Z'),
          allocation: [],
          balanceAfterMinor: 0,
          statusBefore: 200,
          statusAfter: 200,
        })
        .returning({ id: payments.id, receiptNo: payments.receiptNo });
      if (!payment) throw new Error('payment not written');
      return { entryId: entry.id, payment };
    });
    try {
      const { mismatches } = await checkLedger(t.database.db);
      expect(mismatches).toEqual(
        expect.arrayContaining([
          { kind: 'unknown-account', entryId: written.entryId, orderId, account: 'cash_in_transitt' },
          { kind: 'unbooked-payment', paymentId: written.payment.id, receiptNo: written.payment.receiptNo },
        ]),
      );
    } finally {
      await withoutLedgerGuards(async (tx) => {
        await tx.delete(ledgerPostings).where(eq(ledgerPostings.entryId, written.entryId));
        await tx.delete(ledgerEntries).where(eq(ledgerEntries.id, written.entryId));
        await tx.delete(payments).where(eq(payments.id, written.payment.id));
      });
    }
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });

  it('refuses a posting that names another order than its entry', async () => {
    const [first, second] = await createRepayingOrders(t.database.db, borrowerId, 'peso-flex-91', 2, '2030-06-01');
    if (first === undefined || second === undefined) throw new Error('no orders made');
    const failure = await failureOf(
      t.database.db.transaction(async (tx) => {
        const [entry] = await tx.insert(ledgerEntries).values({ orderId: first, kind: 'payment', bookedOn: '2030-06-02' }).returning({ id: ledgerEntries.id });
        if (!entry) throw new Error('entry not written');
        await tx.insert(ledgerPostings).values([
          { entryId: entry.id, orderId: first, account: 'lender_cash', amountMinor: 100_00 },
          { entryId: entry.id, orderId: second, account: 'cash_in_transit', amountMinor: -100_00 },
        ]);
      }),
    );
    expect(failure).toMatch(/ledger_postings_entry_order_fk/);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, first))).toHaveLength(1);
  });
});
