import type { Queryable } from '../../db/client';
import { promoSmsCodes } from '../../db/schema';
import * as codes from '../one-time-codes/code-repository';

export async function insertCode(
  db: Queryable,
  values: { phone: string; codeHash: string; templateId: number | null; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(promoSmsCodes).values(values).returning({ id: promoSmsCodes.id });
  if (!row) throw new Error('sms code was not saved');
  return row.id;
}

export const voidLiveCodes = (db: Queryable, phone: string, now: Date) => codes.voidLiveCodes(db, promoSmsCodes, phone, now);
export const deleteCode = (db: Queryable, id: number) => codes.deleteCode(db, promoSmsCodes, id);
/** Inside a transaction: the phone's newest unused, unvoided code, locked. */
export const lockLatestLiveCode = (db: Queryable, phone: string) => codes.lockLatestLiveCode(db, promoSmsCodes, phone);
export const countWrongTry = (db: Queryable, id: number, maxTries: number) => codes.countWrongTry(db, promoSmsCodes, id, maxTries);
export const useCode = (db: Queryable, id: number, now: Date, maxTries: number) => codes.useCode(db, promoSmsCodes, id, now, maxTries);
