import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { OPEN_SETTLEMENT_STATES, type SettlementState } from '@lend/contracts';
import type { Queryable, Tx } from '../../db/client';
import { settlements, writeOffs } from '../../db/schema';

export type SettlementRow = typeof settlements.$inferSelect;
export type NewSettlement = typeof settlements.$inferInsert;
type SettlementChange = Partial<Omit<NewSettlement, 'id' | 'orderId' | 'market' | 'createdAt'>>;

export async function insertSettlement(tx: Tx, row: NewSettlement): Promise<SettlementRow> {
  const [inserted] = await tx.insert(settlements).values(row).returning();
  if (!inserted) throw new Error('settlement not inserted');
  return inserted;
}

/** The order's latest settlement, whatever its state. */
export async function latestSettlement(db: Queryable, orderId: number): Promise<SettlementRow | undefined> {
  const [row] = await db.select().from(settlements).where(eq(settlements.orderId, orderId)).orderBy(desc(settlements.id)).limit(1);
  return row;
}

/** The order's open settlement, if any (there is at most one). */
export async function openSettlement(db: Queryable, orderId: number): Promise<SettlementRow | undefined> {
  const [row] = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.orderId, orderId), inArray(settlements.state, [...OPEN_SETTLEMENT_STATES])))
    .limit(1);
  return row;
}

/** Moves the settlement from one of `from` to its next state; false when it was in none of them. */
export async function changeSettlement(tx: Tx, id: number, from: readonly SettlementState[], change: SettlementChange): Promise<boolean> {
  const changed = await tx
    .update(settlements)
    .set(change)
    .where(and(eq(settlements.id, id), inArray(settlements.state, [...from])))
    .returning({ id: settlements.id });
  return changed.length > 0;
}

/** Open settlements of the order whose day passed before `today` lapse. */
export async function lapseSettlements(tx: Tx, orderId: number, today: string, now: Date): Promise<void> {
  await tx
    .update(settlements)
    .set({ state: 'lapsed', closedAt: now })
    .where(and(eq(settlements.orderId, orderId), inArray(settlements.state, [...OPEN_SETTLEMENT_STATES]), lt(settlements.expiresOn, today)));
}

export async function addSettlementPaid(tx: Tx, id: number, amountMinor: number): Promise<void> {
  await tx
    .update(settlements)
    .set({ paidMinor: sql`${settlements.paidMinor} + ${amountMinor}` })
    .where(eq(settlements.id, id));
}

/** What a settlement waived of a written-off order: its receivables were off the books already. */
export async function addWaivedOfWriteOff(tx: Tx, orderId: number, amountMinor: number): Promise<void> {
  await tx
    .update(writeOffs)
    .set({ waivedMinor: sql`${writeOffs.waivedMinor} + ${amountMinor}` })
    .where(eq(writeOffs.orderId, orderId));
}
