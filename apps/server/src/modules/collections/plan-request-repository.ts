import { and, desc, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { planRequests } from '../../db/schema';

export type PlanRequestRow = typeof planRequests.$inferSelect;

/** The key that lets one request per order wait for an answer. */
export const OPEN_PLAN_REQUEST_KEY = 'plan_requests_open_idx';

export async function insertPlanRequest(tx: Tx, row: typeof planRequests.$inferInsert): Promise<PlanRequestRow> {
  const [inserted] = await tx.insert(planRequests).values(row).returning();
  if (!inserted) throw new Error('plan request not written');
  return inserted;
}

/** The order's requests, newest first. */
export function planRequestsOf(db: Queryable, orderId: number): Promise<PlanRequestRow[]> {
  return db.select().from(planRequests).where(eq(planRequests.orderId, orderId)).orderBy(desc(planRequests.id));
}

export async function openPlanRequestOf(db: Queryable, orderId: number): Promise<PlanRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(planRequests)
    .where(and(eq(planRequests.orderId, orderId), eq(planRequests.state, 'open')))
    .limit(1);
  return row;
}

export function planRequestsOfBorrower(db: Queryable, borrowerId: number): Promise<PlanRequestRow[]> {
  return db.select().from(planRequests).where(eq(planRequests.borrowerId, borrowerId)).orderBy(desc(planRequests.id));
}

/** On account deletion: what the borrower wrote goes; the request's record stays. */
export async function erasePlanNotesOf(tx: Tx, borrowerId: number): Promise<void> {
  await tx.update(planRequests).set({ note: '' }).where(eq(planRequests.borrowerId, borrowerId));
}
