import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loginCodes } from '../../db/schema';

export type LoginCodeRow = typeof loginCodes.$inferSelect;

/** A new code makes every earlier one of the phone worthless. */
export async function voidLiveLoginCodes(db: Queryable, phone: string, now: Date): Promise<void> {
  await db
    .update(loginCodes)
    .set({ voidedAt: now })
    .where(and(eq(loginCodes.phone, phone), isNull(loginCodes.usedAt), isNull(loginCodes.voidedAt)));
}

export async function insertLoginCode(
  db: Queryable,
  values: { phone: string; codeHash: string; deviceId: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(loginCodes).values(values).returning({ id: loginCodes.id });
  if (!row) throw new Error('login code was not saved');
  return row.id;
}

/** A code the gateway never delivered must not count as sent, nor be usable. */
export async function deleteLoginCode(db: Queryable, id: number): Promise<void> {
  await db.delete(loginCodes).where(eq(loginCodes.id, id));
}

/** Inside a transaction: the phone's newest unused, unvoided code, locked. */
export async function lockLatestLoginCode(db: Queryable, phone: string): Promise<LoginCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.phone, phone), isNull(loginCodes.usedAt), isNull(loginCodes.voidedAt)))
    .orderBy(desc(loginCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/** Counts a wrong try while the code still takes tries; the new count, or undefined when it no longer does. */
export async function countWrongLoginTry(db: Queryable, id: number, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(loginCodes)
    .set({ wrongTries: sql`${loginCodes.wrongTries} + 1` })
    .where(and(eq(loginCodes.id, id), lt(loginCodes.wrongTries, maxTries)))
    .returning({ wrongTries: loginCodes.wrongTries });
  return row?.wrongTries;
}

/** Spends the code if it is still live and unexpired; false when another request won. */
export async function spendLoginCode(db: Queryable, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ usedAt: now })
    .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt), isNull(loginCodes.voidedAt), gt(loginCodes.expiresAt, now)))
    .returning({ id: loginCodes.id });
  return rows.length === 1;
}
