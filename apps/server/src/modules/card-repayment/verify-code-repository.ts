import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cardVerifyCodes } from '../../db/schema';

export type VerifyCodeRow = typeof cardVerifyCodes.$inferSelect;

export async function insertVerifyCode(
  db: Queryable,
  values: { repaymentId: number; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<VerifyCodeRow> {
  const [row] = await db.insert(cardVerifyCodes).values(values).returning();
  if (!row) throw new Error('verify code was not saved');
  return row;
}

/** The repayment's newest code, whatever became of it: only the newest counts. */
export async function newestCode(db: Queryable, repaymentId: number): Promise<VerifyCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(cardVerifyCodes)
    .where(eq(cardVerifyCodes.repaymentId, repaymentId))
    .orderBy(desc(cardVerifyCodes.id))
    .limit(1);
  return row;
}

/** A new code makes the ones before it worthless. */
export async function voidLiveCodes(db: Queryable, repaymentId: number, now: Date): Promise<void> {
  await db
    .update(cardVerifyCodes)
    .set({ voidedAt: now })
    .where(and(eq(cardVerifyCodes.repaymentId, repaymentId), isNull(cardVerifyCodes.usedAt), isNull(cardVerifyCodes.voidedAt)));
}

export async function saveWrongTry(db: Queryable, id: number, wrongTries: number, voidedAt: Date | null): Promise<void> {
  await db.update(cardVerifyCodes).set({ wrongTries, voidedAt }).where(eq(cardVerifyCodes.id, id));
}

export async function markCodeUsed(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(cardVerifyCodes).set({ usedAt: now }).where(eq(cardVerifyCodes.id, id));
}

/** A code the gateway never delivered must not count as sent, nor be usable. */
export async function deleteCode(db: Queryable, id: number): Promise<void> {
  await db.delete(cardVerifyCodes).where(eq(cardVerifyCodes.id, id));
}
