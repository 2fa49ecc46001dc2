import { eq } from 'drizzle-orm';
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

/** Inside a transaction: the phone's newest live code with the device it was asked for on, locked. */
export async function lockLatestLoginCode(db: Queryable, phone: string) {
  const latest = await codes.lockLatestLive(db, phone);
  if (!latest) return undefined;
  const [row] = await db.select().from(loginCodes).where(eq(loginCodes.id, latest.id));
  return row;
}

export const voidLiveLoginCodes = codes.voidLive;
export const deleteLoginCode = codes.remove;
export const countWrongLoginTry = codes.countWrongTry;
export const spendLoginCode = codes.spend;
export const deleteLoginCodesOf = (db: Queryable, phone: string) => codes.removeAllOf(db, [phone]);
