import type { Posting } from '@lend/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { ledgerEntries, ledgerPostings } from '../../db/schema';

export type LedgerEntryKind = 'disbursal' | 'late-charge' | 'payment' | 'rebate' | 'extension' | 'opening' | 'refund' | 'refund-reversal' | 'disbursal-reversal';

export type NewLedgerEntry = { orderId: number; kind: LedgerEntryKind; paymentId?: number | null; bookedOn: string; postings: readonly Posting[] };

/** Writes one entry and its postings (the caller has checked they balance: domain `balanced`); its id, or null when it moves nothing. */
export async function insertEntry(tx: Tx, entry: NewLedgerEntry): Promise<number | null> {
  if (entry.postings.length === 0) return null;
  const [row] = await tx
    .insert(ledgerEntries)
    .values({ orderId: entry.orderId, kind: entry.kind, paymentId: entry.paymentId ?? null, bookedOn: entry.bookedOn })
    .returning({ id: ledgerEntries.id });
  if (!row) throw new Error('ledger entry not written');
  await tx.insert(ledgerPostings).values(entry.postings.map((p) => ({ entryId: row.id, orderId: entry.orderId, account: p.account, amountMinor: p.amountMinor })));
  return row.id;
}

/**
 * Writes many entries and their postings in two statements (the caller has checked each
 * balances), for passes over many orders at once; at most one entry per order, since the rows
 * written are matched back to their entries by order. Entries that move nothing are left out.
 */
export async function insertEntries(tx: Tx, entries: readonly NewLedgerEntry[]): Promise<void> {
  const moving = entries.filter((entry) => entry.postings.length > 0);
  if (moving.length === 0) return;
  if (new Set(moving.map((entry) => entry.orderId)).size !== moving.length) throw new Error('insertEntries takes one entry per order');
  const rows = await tx
    .insert(ledgerEntries)
    .values(moving.map((entry) => ({ orderId: entry.orderId, kind: entry.kind, paymentId: entry.paymentId ?? null, bookedOn: entry.bookedOn })))
    .returning({ id: ledgerEntries.id, orderId: ledgerEntries.orderId });
  const entryIdOf = new Map(rows.map((row) => [row.orderId, row.id]));
  await tx.insert(ledgerPostings).values(
    moving.flatMap((entry) => {
      const entryId = entryIdOf.get(entry.orderId);
      if (entryId === undefined) throw new Error('ledger entry not written');
      return entry.postings.map((p) => ({ entryId, orderId: entry.orderId, account: p.account, amountMinor: p.amountMinor }));
    }),
  );
}

/** Which of these payments have a payment entry in the ledger. */
export async function paymentsBooked(db: Queryable, paymentIds: readonly number[]): Promise<Set<number>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .select({ paymentId: ledgerEntries.paymentId })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.paymentId, [...paymentIds]), eq(ledgerEntries.kind, 'payment')));
  return new Set(rows.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId])));
}

export type LedgerLine = { entryId: number; kind: string; paymentId: number | null; bookedOn: string; createdAt: Date; account: string; amountMinor: number };

/** Every posting of an order, entry by entry in the order they were written. */
export function listOrderPostings(db: Queryable, orderId: number): Promise<LedgerLine[]> {
  return db
    .select({
      entryId: ledgerEntries.id,
      kind: ledgerEntries.kind,
      paymentId: ledgerEntries.paymentId,
      bookedOn: ledgerEntries.bookedOn,
      createdAt: ledgerEntries.createdAt,
      account: ledgerPostings.account,
      amountMinor: ledgerPostings.amountMinor,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(eq(ledgerPostings.orderId, orderId))
    .orderBy(asc(ledgerPostings.entryId), asc(ledgerPostings.id));
}

/** Entries whose postings do not sum to zero, or whose postings name another order. */
export async function unbalancedEntries(db: Queryable): Promise<{ entryId: number; orderId: number; sumMinor: number }[]> {
  const rows = await db
    .select({
      entryId: ledgerEntries.id,
      orderId: ledgerEntries.orderId,
      sumMinor: sql<string>`coalesce(sum(${ledgerPostings.amountMinor}), 0)`,
      foreign: sql<string>`count(*) filter (where ${ledgerPostings.orderId} <> ${ledgerEntries.orderId})`,
    })
    .from(ledgerEntries)
    .leftJoin(ledgerPostings, eq(ledgerPostings.entryId, ledgerEntries.id))
    .groupBy(ledgerEntries.id)
    .having(sql`coalesce(sum(${ledgerPostings.amountMinor}), 0) <> 0 or count(${ledgerPostings.id}) = 0 or count(*) filter (where ${ledgerPostings.orderId} <> ${ledgerEntries.orderId}) > 0`);
  return rows.map((r) => ({ entryId: r.entryId, orderId: r.orderId, sumMinor: Number(r.sumMinor) }));
}

/** Each account's balance (debits − credits) for each of the orders. */
export async function accountBalances(db: Queryable, orderIds: readonly number[]): Promise<Map<number, Map<string, number>>> {
  const result = new Map<number, Map<string, number>>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({ orderId: ledgerPostings.orderId, account: ledgerPostings.account, sumMinor: sql<string>`sum(${ledgerPostings.amountMinor})` })
    .from(ledgerPostings)
    .where(inArray(ledgerPostings.orderId, [...orderIds]))
    .groupBy(ledgerPostings.orderId, ledgerPostings.account);
  for (const row of rows) {
    const accounts = result.get(row.orderId) ?? new Map<string, number>();
    accounts.set(row.account, Number(row.sumMinor));
    result.set(row.orderId, accounts);
  }
  return result;
}

/** How many entries of each kind each of these orders has, for checks that an event was booked once. */
export async function entryCounts(db: Queryable, orderIds: readonly number[], kinds: readonly LedgerEntryKind[]): Promise<Map<number, Map<string, number>>> {
  const counts = new Map<number, Map<string, number>>();
  if (orderIds.length === 0) return counts;
  const rows = await db
    .select({ orderId: ledgerEntries.orderId, kind: ledgerEntries.kind, count: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.orderId, [...orderIds]), inArray(ledgerEntries.kind, [...kinds])))
    .groupBy(ledgerEntries.orderId, ledgerEntries.kind);
  for (const row of rows) {
    const order = counts.get(row.orderId) ?? new Map<string, number>();
    order.set(row.kind, Number(row.count));
    counts.set(row.orderId, order);
  }
  return counts;
}
