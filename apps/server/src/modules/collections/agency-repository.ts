import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { agencyPlacements, collectionAgencies } from '../../db/schema';

export type AgencyRow = typeof collectionAgencies.$inferSelect;
export type PlacementRow = typeof agencyPlacements.$inferSelect;
type AgencyValues = Omit<typeof collectionAgencies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The key that lets one placement stand per order. */
export const STANDING_PLACEMENT_KEY = 'agency_placements_standing_idx';

export function listAgencies(db: Queryable): Promise<AgencyRow[]> {
  return db.select().from(collectionAgencies).orderBy(asc(collectionAgencies.market), asc(collectionAgencies.name), asc(collectionAgencies.id));
}

export async function findAgency(db: Queryable, id: number, lock = false): Promise<AgencyRow | undefined> {
  const query = db.select().from(collectionAgencies).where(eq(collectionAgencies.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertAgency(tx: Tx, values: typeof collectionAgencies.$inferInsert): Promise<AgencyRow> {
  const [row] = await tx.insert(collectionAgencies).values(values).returning();
  if (!row) throw new Error('agency not written');
  return row;
}

export async function updateAgency(tx: Tx, id: number, values: AgencyValues, now: Date): Promise<AgencyRow> {
  const [row] = await tx.update(collectionAgencies).set({ ...values, updatedAt: now }).where(eq(collectionAgencies.id, id)).returning();
  if (!row) throw new Error(`agency ${id} not saved`);
  return row;
}

export async function standingPlacement(db: Queryable, orderId: number): Promise<PlacementRow | undefined> {
  const [row] = await db
    .select()
    .from(agencyPlacements)
    .where(and(eq(agencyPlacements.orderId, orderId), isNull(agencyPlacements.recalledAt)))
    .limit(1);
  return row;
}

export async function insertPlacement(tx: Tx, values: typeof agencyPlacements.$inferInsert): Promise<void> {
  await tx.insert(agencyPlacements).values(values);
}

/** Recalls the order's standing placement; whether there was one. */
export async function recallPlacement(tx: Tx, orderId: number, by: string, note: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(agencyPlacements)
    .set({ recalledAt: now, recalledBy: by, recallNote: note })
    .where(and(eq(agencyPlacements.orderId, orderId), isNull(agencyPlacements.recalledAt)))
    .returning({ id: agencyPlacements.id });
  return rows.length > 0;
}

/** A placement's notice may be claimed: never tried, or failed with tries left. */
const noticeClaimable = (attempts: number) =>
  or(isNull(agencyPlacements.noticeState), and(eq(agencyPlacements.noticeState, 'failed'), lt(agencyPlacements.noticeAttempts, attempts)));

/** The market's standing placements whose borrower is still to be told, oldest first, with their agency; or only the order's. */
export function placementsToTell(db: Queryable, market: string, attempts: number, orderId?: number) {
  return db
    .select({ id: agencyPlacements.id, orderId: agencyPlacements.orderId, name: collectionAgencies.name, registration: collectionAgencies.registration, agencyPhone: collectionAgencies.phone })
    .from(agencyPlacements)
    .innerJoin(collectionAgencies, eq(collectionAgencies.id, agencyPlacements.agencyId))
    .where(
      and(
        eq(collectionAgencies.market, market),
        isNull(agencyPlacements.recalledAt),
        noticeClaimable(attempts),
        orderId === undefined ? undefined : eq(agencyPlacements.orderId, orderId),
      ),
    )
    .orderBy(asc(agencyPlacements.id));
}

/** Holds a standing placement while its notice is claimed; one another pass holds is skipped. */
export async function lockTellable(tx: Tx, id: number, attempts: number): Promise<boolean> {
  const rows = await tx
    .select({ id: agencyPlacements.id })
    .from(agencyPlacements)
    .where(and(eq(agencyPlacements.id, id), isNull(agencyPlacements.recalledAt), noticeClaimable(attempts)))
    .for('update', { skipLocked: true });
  return rows.length > 0;
}

/** The claim, in the transaction that held the placement: from here no pass sends the notice again. */
export async function claimNotice(tx: Tx, id: number, now: Date): Promise<void> {
  await tx
    .update(agencyPlacements)
    .set({ noticeState: 'sending', noticeAt: now, noticeAttempts: sql`${agencyPlacements.noticeAttempts} + 1` })
    .where(eq(agencyPlacements.id, id));
}

export async function markNotice(db: Queryable, id: number, state: 'sent' | 'failed', now: Date): Promise<void> {
  await db.update(agencyPlacements).set({ noticeState: state, noticeAt: now }).where(eq(agencyPlacements.id, id));
}

/** The agency each of these orders stands placed with, by order. */
export async function standingAgencies(db: Queryable, orderIds: readonly number[]): Promise<Map<number, AgencyRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: agencyPlacements.orderId, agency: collectionAgencies })
    .from(agencyPlacements)
    .innerJoin(collectionAgencies, eq(collectionAgencies.id, agencyPlacements.agencyId))
    .where(and(inArray(agencyPlacements.orderId, [...orderIds]), isNull(agencyPlacements.recalledAt)));
  return new Map(rows.map((row) => [row.orderId, row.agency]));
}
