import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { promoSmsCodes } from '../../db/schema';

export type SmsCodeRow = typeof promoSmsCodes.$inferSelect;

/** A new code makes every earlier one of the phone worthless. */
export async function voidLiveCodes(db: Queryable, phone: string, now: Date): Promise<void> {
  await db
    .update(promoSmsCodes)
    .set({ voidedAt: now })
    .where(and(eq(promoSmsCodes.phone, phone), isNull(promoSmsCodes.usedAt), isNull(promoSmsCodes.voidedAt)));
}

export async function insertCode(
  db: Queryable,
  values: { phone: string; codeHash: string; templateId: number | null; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(promoSmsCodes).values(values).returning({ id: promoSmsCodes.id });
  if (!row) throw new Error('sms code was not saved');
  return row.id;
}

/** A code the gateway never delivered must not count as sent, nor be usable. */
export async function deleteCode(db: Queryable, id: number): Promise<void> {
  await db.delete(promoSmsCodes).where(eq(promoSmsCodes.id, id));
}

/** Inside a transaction: the phone's newest unused, unvoided code, locked. */
export async function lockLatestLiveCode(db: Queryable, phone: string): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoSmsCodes)
    .where(and(eq(promoSmsCodes.phone, phone), isNull(promoSmsCodes.usedAt), isNull(promoSmsCodes.voidedAt)))
    .orderBy(desc(promoSmsCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/** Counts a wrong try while the code still takes tries; the new count, or undefined when it no longer does. */
export async function countWrongTry(db: Queryable, id: number, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(promoSmsCodes)
    .set({ wrongTries: sql`${promoSmsCodes.wrongTries} + 1` })
    .where(and(eq(promoSmsCodes.id, id), lt(promoSmsCodes.wrongTries, maxTries)))
    .returning({ wrongTries: promoSmsCodes.wrongTries });
  return row?.wrongTries;
}

/** Spends the code if it is still live, unexpired and under the try limit; false when another request won. */
export async function useCode(db: Queryable, id: number, now: Date, maxTries: number): Promise<boolean> {
  const rows = await db
    .update(promoSmsCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(promoSmsCodes.id, id),
        isNull(promoSmsCodes.usedAt),
        isNull(promoSmsCodes.voidedAt),
        gt(promoSmsCodes.expiresAt, now),
        lt(promoSmsCodes.wrongTries, maxTries),
      ),
    )
    .returning({ id: promoSmsCodes.id });
  return rows.length === 1;
}
