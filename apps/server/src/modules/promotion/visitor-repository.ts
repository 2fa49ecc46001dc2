import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { promoVisitors } from '../../db/schema';

export type VisitorRow = typeof promoVisitors.$inferSelect;

export async function insertVisitor(db: Queryable, values: { sidHash: string; templateId: number | null; expiresAt: Date }): Promise<void> {
  await db.insert(promoVisitors).values(values);
}

/** The visitor's template (null: none), or undefined when there is no such visitor. */
export async function findVisitorTemplate(db: Queryable, sidHash: string): Promise<number | null | undefined> {
  const [row] = await db.select({ templateId: promoVisitors.templateId }).from(promoVisitors).where(eq(promoVisitors.sidHash, sidHash)).limit(1);
  return row?.templateId;
}

/** Inside a transaction: the visitor row, locked so two requests cannot both spend its captcha. */
export async function lockVisitor(db: Queryable, sidHash: string): Promise<VisitorRow | undefined> {
  const [row] = await db.select().from(promoVisitors).where(eq(promoVisitors.sidHash, sidHash)).limit(1).for('update');
  return row;
}

/** A new captcha replaces the previous one, spent or not, if the visitor has not expired at `issuedAt`; false when not. */
export async function setCaptchaOfLiveVisitor(db: Queryable, sidHash: string, captchaHash: string, issuedAt: Date): Promise<boolean> {
  const rows = await db
    .update(promoVisitors)
    .set({ captchaHash, captchaIssuedAt: issuedAt, captchaSpentFor: null })
    .where(and(eq(promoVisitors.sidHash, sidHash), gt(promoVisitors.expiresAt, issuedAt)))
    .returning({ sidHash: promoVisitors.sidHash });
  return rows.length === 1;
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

/** Up to `limit` visitors that expired before `before` deleted, on the expiry index; returns how many. */
export async function deleteVisitorsExpiredBefore(db: Queryable, before: Date, limit: number): Promise<number> {
  const batch = db.select({ sidHash: promoVisitors.sidHash }).from(promoVisitors).where(lt(promoVisitors.expiresAt, before)).limit(limit);
  const rows = await db.delete(promoVisitors).where(inArray(promoVisitors.sidHash, batch)).returning({ sidHash: promoVisitors.sidHash });
  return rows.length;
}
