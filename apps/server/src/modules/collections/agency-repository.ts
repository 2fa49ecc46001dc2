import { and, asc, eq, isNull } from 'drizzle-orm';
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
