import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loginCodes } from '../../db/schema';
import * as codes from '../one-time-codes/code-repository';

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
  const latest = await codes.lockLatestLiveCode(db, loginCodes, phone);
  if (!latest) return undefined;
  const [row] = await db.select().from(loginCodes).where(eq(loginCodes.id, latest.id));
  return row;
}

export const voidLiveLoginCodes = (db: Queryable, phone: string, now: Date) => codes.voidLiveCodes(db, loginCodes, phone, now);
export const deleteLoginCode = (db: Queryable, id: number) => codes.deleteCode(db, loginCodes, id);
export const countWrongLoginTry = (db: Queryable, id: number, maxTries: number) => codes.countWrongTry(db, loginCodes, id, maxTries);
export const spendLoginCode = (db: Queryable, id: number, now: Date, maxTries: number) => codes.useCode(db, loginCodes, id, now, maxTries);
export const deleteLoginCodesOf = (db: Queryable, phone: string) => codes.deleteCodesOf(db, loginCodes, [phone]);
