import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { loginCodes, promoSmsCodes } from '../../db/schema';

/**
 * The queries every one-time-code table shares. Each table stays its module's own: the module's
 * repository passes it in.
 */
export type CodeTable = typeof loginCodes | typeof promoSmsCodes;

/** A new code makes every earlier one of the phone worthless. */
export async function voidLiveCodes(db: Queryable, table: CodeTable, phone: string, now: Date): Promise<void> {
  await db
    .update(table)
    .set({ voidedAt: now })
    .where(and(eq(table.phone, phone), isNull(table.usedAt), isNull(table.voidedAt)));
}

/** A code the gateway never delivered must not count as sent, nor be usable. */
export async function deleteCode(db: Queryable, table: CodeTable, id: number): Promise<void> {
  await db.delete(table).where(eq(table.id, id));
}

/** Every code sent to these phones, spent or not (an erased account keeps none). */
export async function deleteCodesOf(db: Queryable, table: CodeTable, phones: readonly string[]): Promise<void> {
  await db.delete(table).where(inArray(table.phone, [...phones]));
}

/** Inside a transaction: the phone's newest unused, unvoided code, locked. */
export async function lockLatestLiveCode(db: Queryable, table: CodeTable, phone: string) {
  const [row] = await db
    .select({ id: table.id, codeHash: table.codeHash, expiresAt: table.expiresAt, wrongTries: table.wrongTries })
    .from(table)
    .where(and(eq(table.phone, phone), isNull(table.usedAt), isNull(table.voidedAt)))
    .orderBy(desc(table.id))
    .limit(1)
    .for('update');
  return row;
}

/** Counts a wrong try while the code still takes tries; the new count, or undefined when it no longer does. */
export async function countWrongTry(db: Queryable, table: CodeTable, id: number, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(table)
    .set({ wrongTries: sql`${table.wrongTries} + 1` })
    .where(and(eq(table.id, id), lt(table.wrongTries, maxTries)))
    .returning({ wrongTries: table.wrongTries });
  return row?.wrongTries;
}

/** Spends the code if it is still live, unexpired and under the try limit; false when another request won. */
export async function useCode(db: Queryable, table: CodeTable, id: number, now: Date, maxTries: number): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.id, id), isNull(table.usedAt), isNull(table.voidedAt), gt(table.expiresAt, now), lt(table.wrongTries, maxTries)))
    .returning({ id: table.id });
  return rows.length === 1;
}
