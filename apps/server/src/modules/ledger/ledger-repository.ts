import type { Posting } from '@lend/domain';
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, notExists, notInArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { ledgerEntries, ledgerPostings } from '../../db/schema';

export type LedgerEntryKind = 'disbursal' | 'late-charge' | 'payment' | 'rebate' | 'extension' | 'opening' | 'refund' | 'refund-reversal' | 'disbursal-reversal' | 'payout-restatement' | 'write-off' | 'settlement' | 'plan-waiver';

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

export type OrderRangeLedger = {
  /** Each order's balance (debits − credits) on each of the accounts asked for, in their order. */
  balances: Map<number, readonly number[]>;
  /** Entries whose postings do not sum to zero, or that have no postings. */
  unbalanced: { entryId: number; orderId: number; sumMinor: number }[];
  /** Postings to an account the chart (`chart`) does not have. */
  outsideChart: { entryId: number; orderId: number; account: string }[];
  /** The payments a payment entry books. */
  bookedPayments: Set<number>;
};

/** [order id, entry id (null on the order's row), sum, 1 on the order's row, balance on each account]. */
type RangeSumJson = [number, number | null, number, number, number[]];

/**
 * The ledger of the orders with ids in (afterId, throughId], read for the ledger check: one row
 * per order with its balance on each of `accounts`, and a row for each entry whose postings do
 * not sum to zero, from one pass over the range's postings (grouping sets), handed over as one
 * JSON document (docs/decisions/202). A posting always names its entry's order
 * (ledger_postings_entry_order_fk), so an entry's postings all fall in its order's range. Entries
 * with no posting at all are found through the postings' entry index.
 */
export async function ledgerOfOrderRange(
  db: Queryable,
  afterId: number,
  throughId: number,
  accounts: readonly string[],
  chart: readonly string[],
): Promise<OrderRangeLedger> {
  const p = ledgerPostings;
  const inRange = (orderId: typeof p.orderId | typeof ledgerEntries.orderId) => and(gt(orderId, afterId), lte(orderId, throughId));
  const onAccount = accounts.map((account) => sql`coalesce(sum(${p.amountMinor}) filter (where ${p.account} = ${account}), 0)`);
  const sums = db
    .select({
      orderId: p.orderId,
      entryId: p.entryId,
      sumMinor: sql<number>`sum(${p.amountMinor})`.as('sum_minor'),
      perOrder: sql<number>`grouping(${p.entryId})`.as('per_order'),
      onAccount: sql<number[]>`array[${sql.join(onAccount, sql`, `)}]::bigint[]`.as('on_account'),
    })
    .from(p)
    .where(inRange(p.orderId))
    .groupBy(sql`grouping sets ((${p.orderId}), (${p.orderId}, ${p.entryId}))`)
    .having(sql`grouping(${p.entryId}) = 1 or sum(${p.amountMinor}) <> 0`)
    .as('sums');
  const [[document], empty, outsideChart, booked] = await Promise.all([
    db.select({ rows: sql<RangeSumJson[] | null>`json_agg(json_build_array(${sums.orderId}, ${sums.entryId}, ${sums.sumMinor}, ${sums.perOrder}, ${sums.onAccount}))` }).from(sums),
    db
      .select({ entryId: ledgerEntries.id, orderId: ledgerEntries.orderId })
      .from(ledgerEntries)
      .where(and(inRange(ledgerEntries.orderId), notExists(db.select({ one: sql`1` }).from(p).where(eq(p.entryId, ledgerEntries.id))))),
    db
      .selectDistinct({ entryId: p.entryId, orderId: p.orderId, account: p.account })
      .from(p)
      .where(and(inRange(p.orderId), notInArray(p.account, [...chart]))),
    db
      .select({ paymentId: ledgerEntries.paymentId })
      .from(ledgerEntries)
      .where(and(inRange(ledgerEntries.orderId), eq(ledgerEntries.kind, 'payment'), isNotNull(ledgerEntries.paymentId))),
  ]);
  const balances = new Map<number, readonly number[]>();
  const unbalanced: OrderRangeLedger['unbalanced'] = empty.map((entry) => ({ ...entry, sumMinor: 0 }));
  for (const [orderId, entryId, sumMinor, perOrder, onAccounts] of document?.rows ?? []) {
    if (perOrder === 1) balances.set(orderId, onAccounts);
    else if (entryId !== null) unbalanced.push({ entryId, orderId, sumMinor });
  }
  const bookedPayments = new Set(booked.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId])));
  return { balances, unbalanced, outsideChart, bookedPayments };
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

/** The extension entries written at or after `since`, one per extension granted, each naming the payment that bought it: a page by payment id. */
export function extensionEntriesSince(db: Queryable, since: Date, afterPaymentId: number, limit: number): Promise<{ paymentId: number; orderId: number }[]> {
  return db
    .select({ paymentId: sql<number>`${ledgerEntries.paymentId}`, orderId: ledgerEntries.orderId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'extension'), gte(ledgerEntries.createdAt, since), gt(ledgerEntries.paymentId, afterPaymentId)))
    .orderBy(asc(ledgerEntries.paymentId))
    .limit(limit);
}
