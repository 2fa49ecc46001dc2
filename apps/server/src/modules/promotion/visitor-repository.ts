import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { promoVisitors } from '../../db/schema';

export type VisitorRow = typeof promoVisitors.$inferSelect;

export async function insertVisitor(db: Queryable, values: { sidHash: string; templateId: number | null; expiresAt: Date }): Promise<void> {
  await db.insert(promoVisitors).values(values);
}

export async function findVisitor(db: Queryable, sidHash: string): Promise<VisitorRow | undefined> {
  const [row] = await db.select().from(promoVisitors).where(eq(promoVisitors.sidHash, sidHash)).limit(1);
  return row;
}

/** Inside a transaction: the visitor row, locked so two requests cannot both spend its captcha. */
export async function lockVisitor(db: Queryable, sidHash: string): Promise<VisitorRow | undefined> {
  const [row] = await db.select().from(promoVisitors).where(eq(promoVisitors.sidHash, sidHash)).limit(1).for('update');
  return row;
}

/** A new captcha replaces the previous one, spent or not. */
export async function setCaptcha(db: Queryable, sidHash: string, captchaHash: string, issuedAt: Date): Promise<void> {
  await db
    .update(promoVisitors)
    .set({ captchaHash, captchaIssuedAt: issuedAt, captchaSpentFor: null })
    .where(eq(promoVisitors.sidHash, sidHash));
}

export async function clearCaptcha(db: Queryable, sidHash: string): Promise<void> {
  await db.update(promoVisitors).set({ captchaHash: null, captchaIssuedAt: null, captchaSpentFor: null }).where(eq(promoVisitors.sidHash, sidHash));
}

/**
 * After an SMS went out, its captcha stays good for that phone's registration only. Skipped
 * when the visitor drew a new captcha in the meantime.
 */
export async function markCaptchaSpent(db: Queryable, sidHash: string, captchaHash: string, phone: string): Promise<void> {
  await db
    .update(promoVisitors)
    .set({ captchaHash, captchaSpentFor: phone })
    .where(and(eq(promoVisitors.sidHash, sidHash), isNull(promoVisitors.captchaHash)));
}

export async function deleteVisitorsExpiredBefore(db: Queryable, before: Date): Promise<void> {
  await db.delete(promoVisitors).where(lt(promoVisitors.expiresAt, before));
}
