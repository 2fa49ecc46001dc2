import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loginCodes } from '../../db/schema';
import { codesIn } from '../one-time-codes';

const codes = codesIn(loginCodes);

export async function insertLoginCode(
  db: Queryable,
  values: { phone: string; codeHash: string; deviceId: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(loginCodes).values(values).returning({ id: loginCodes.id });
  if (!row) throw new Error('login code was not saved');
  return row.id;
}

/**
 * Sign-in codes are bound to the device that asked for them (docs/decisions/109): a new code voids
 * only that device's earlier ones, and a try from a device reaches only that device's code.
 */
export async function voidLiveLoginCodes(db: Queryable, phone: string, deviceId: string, now: Date): Promise<void> {
  await db
    .update(loginCodes)
    .set({ voidedAt: now })
    .where(and(eq(loginCodes.phone, phone), eq(loginCodes.deviceId, deviceId), isNull(loginCodes.usedAt), isNull(loginCodes.voidedAt)));
}

/** Inside a transaction: the newest live code this device asked for this phone, locked. */
export async function lockLatestLoginCode(db: Queryable, phone: string, deviceId: string) {
  const [row] = await db
    .select({ id: loginCodes.id, codeHash: loginCodes.codeHash, expiresAt: loginCodes.expiresAt, wrongTries: loginCodes.wrongTries })
    .from(loginCodes)
    .where(and(eq(loginCodes.phone, phone), eq(loginCodes.deviceId, deviceId), isNull(loginCodes.usedAt), isNull(loginCodes.voidedAt)))
    .orderBy(desc(loginCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export const deleteLoginCode = codes.remove;
export const countWrongLoginTry = codes.countWrongTry;
export const spendLoginCode = codes.spend;
export const deleteLoginCodesOf = (db: Queryable, phone: string) => codes.removeAllOf(db, [phone]);
