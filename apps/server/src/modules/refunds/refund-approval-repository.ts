import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { refundApprovals } from '../../db/schema';

export type RefundApprovalRow = typeof refundApprovals.$inferSelect;
export type RefundApprovalStatus = 'pending' | 'approved' | 'declined';

export async function insertApproval(tx: Tx, values: typeof refundApprovals.$inferInsert): Promise<RefundApprovalRow> {
  const [row] = await tx.insert(refundApprovals).values(values).returning();
  if (!row) throw new Error('refund approval not written');
  return row;
}

export async function findApproval(db: Queryable, id: number): Promise<RefundApprovalRow | undefined> {
  const [row] = await db.select().from(refundApprovals).where(eq(refundApprovals.id, id)).limit(1);
  return row;
}

/** The request held until the transaction ends: two administrators deciding at once take turns. */
export async function lockApproval(tx: Tx, id: number): Promise<RefundApprovalRow | undefined> {
  const [row] = await tx.select().from(refundApprovals).where(eq(refundApprovals.id, id)).limit(1).for('update');
  return row;
}

export async function findApprovalByKey(db: Queryable, idempotencyKey: string): Promise<RefundApprovalRow | undefined> {
  const [row] = await db.select().from(refundApprovals).where(eq(refundApprovals.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

export async function findPendingApproval(db: Queryable, orderId: number): Promise<RefundApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(refundApprovals)
    .where(and(eq(refundApprovals.orderId, orderId), eq(refundApprovals.status, 'pending')))
    .limit(1);
  return row;
}

export async function countOrderApprovals(db: Queryable, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(refundApprovals).where(eq(refundApprovals.orderId, orderId));
  return row?.n ?? 0;
}

export async function saveDecision(
  tx: Tx,
  id: number,
  decision: Pick<RefundApprovalRow, 'status' | 'decidedByStaffId' | 'decidedBy' | 'decisionNote' | 'decidedAt' | 'refundId'>,
): Promise<RefundApprovalRow> {
  const [row] = await tx.update(refundApprovals).set(decision).where(eq(refundApprovals.id, id)).returning();
  if (!row) throw new Error(`refund approval ${id} vanished`);
  return row;
}

export function approvalsPage(db: Queryable, status: RefundApprovalStatus | undefined, page: PageRequest<readonly [number]>): Promise<RefundApprovalRow[]> {
  return db
    .select()
    .from(refundApprovals)
    .where(and(status === undefined ? undefined : eq(refundApprovals.status, status), pastCursor(refundApprovals.id, page, 'newest-first')))
    .orderBy(desc(refundApprovals.id))
    .limit(page.limit + 1);
}
