import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { creditDecisions } from '../../db/schema';

export type CreditDecisionRow = typeof creditDecisions.$inferSelect;
export type NewCreditDecision = Omit<typeof creditDecisions.$inferInsert, 'id'>;

/**
 * Holds the borrower's application for the product until the transaction ends: concurrent
 * applications wait here and then find the decision the first one stored.
 */
export async function lockApplication(tx: Tx, borrowerId: number, productId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${borrowerId}::int, ${productId}::int)`);
}

/** The decision that stands for the borrower on the product, if any. */
export async function standingDecision(db: Queryable, borrowerId: number, productId: number): Promise<CreditDecisionRow | undefined> {
  const [row] = await db
    .select()
    .from(creditDecisions)
    .where(and(eq(creditDecisions.borrowerId, borrowerId), eq(creditDecisions.productId, productId), isNull(creditDecisions.supersededAt)))
    .limit(1);
  return row;
}

/** The decision that stands for the borrower on the product, held against a change until the transaction ends. */
export async function lockStandingDecision(tx: Tx, borrowerId: number, productId: number): Promise<CreditDecisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(creditDecisions)
    .where(and(eq(creditDecisions.borrowerId, borrowerId), eq(creditDecisions.productId, productId), isNull(creditDecisions.supersededAt)))
    .for('share');
  return row;
}

/** The newest decision about the borrower on the product, standing or not, held until the transaction ends. */
export async function lockNewestDecision(tx: Tx, borrowerId: number, productId: number): Promise<CreditDecisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(creditDecisions)
    .where(and(eq(creditDecisions.borrowerId, borrowerId), eq(creditDecisions.productId, productId)))
    .orderBy(desc(creditDecisions.id))
    .limit(1)
    .for('share');
  return row;
}

/** The borrower's standing approvals, one per product at most, locked for their supersession. */
export function lockStandingApprovals(tx: Tx, borrowerId: number): Promise<CreditDecisionRow[]> {
  return tx
    .select()
    .from(creditDecisions)
    .where(and(eq(creditDecisions.borrowerId, borrowerId), eq(creditDecisions.outcome, 'approved'), isNull(creditDecisions.supersededAt)))
    .orderBy(asc(creditDecisions.id))
    .for('update');
}

/** Whether the rules ever decided an application of the borrower (approvals no application made do not count). */
export async function hasScoredDecision(db: Queryable, borrowerId: number, unscored: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditDecisions.id })
    .from(creditDecisions)
    .where(and(eq(creditDecisions.borrowerId, borrowerId), ne(creditDecisions.ruleVersion, unscored)))
    .limit(1);
  return row !== undefined;
}

export async function supersede(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(creditDecisions).set({ supersededAt: now }).where(eq(creditDecisions.id, id));
}

export async function insertDecision(tx: Tx, values: NewCreditDecision): Promise<CreditDecisionRow> {
  const [row] = await tx.insert(creditDecisions).values(values).returning();
  if (!row) throw new Error('credit decision was not saved');
  return row;
}

/** Referred applications still waiting for an officer, oldest first. */
export function awaitingReview(db: Queryable, decisionId: number | undefined, page: PageRequest<readonly [number]>): Promise<CreditDecisionRow[]> {
  return db
    .select()
    .from(creditDecisions)
    .where(
      and(
        eq(creditDecisions.outcome, 'referred'),
        isNull(creditDecisions.supersededAt),
        decisionId === undefined ? undefined : eq(creditDecisions.id, decisionId),
        pastCursor(creditDecisions.id, page, 'oldest-first'),
      ),
    )
    .orderBy(asc(creditDecisions.id))
    .limit(page.limit + 1);
}

/** The referral, locked for the officer's decision. */
export async function lockReferral(tx: Tx, id: number): Promise<CreditDecisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(creditDecisions)
    .where(and(eq(creditDecisions.id, id), eq(creditDecisions.outcome, 'referred'), isNull(creditDecisions.supersededAt)))
    .for('update');
  return row;
}

export async function recordReview(
  tx: Tx,
  id: number,
  review: { outcome: 'approved' | 'declined'; amountCeilingMinor: number | null; reapplyOn: string | null; reason: string; officer: string; at: Date },
): Promise<CreditDecisionRow> {
  const [row] = await tx
    .update(creditDecisions)
    .set({
      outcome: review.outcome,
      amountCeilingMinor: review.amountCeilingMinor,
      reapplyOn: review.reapplyOn,
      reviewOutcome: review.outcome,
      reviewReason: review.reason,
      reviewedBy: review.officer,
      reviewedAt: review.at,
    })
    .where(eq(creditDecisions.id, id))
    .returning();
  if (!row) throw new Error('credit review was not saved');
  return row;
}

/** Every decision about the borrower, newest first: their data download. */
export function decisionsOf(db: Queryable, borrowerId: number): Promise<CreditDecisionRow[]> {
  return db.select().from(creditDecisions).where(eq(creditDecisions.borrowerId, borrowerId)).orderBy(desc(creditDecisions.decidedAt), desc(creditDecisions.id));
}

/** Account deletion: the applicant's facts leave the inputs; the decision stays as a credit record. */
export async function eraseDecisionInputs(tx: Tx, borrowerId: number, keptInputs: (inputs: Record<string, unknown>) => Record<string, unknown>, now: Date): Promise<void> {
  for (const row of await decisionsOf(tx, borrowerId)) {
    await tx.update(creditDecisions).set({ inputs: keptInputs(row.inputs), facts: null, personalDataErasedAt: now }).where(eq(creditDecisions.id, row.id));
  }
}
