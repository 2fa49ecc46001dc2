import type { Queryable } from '../../db/client';
import { promoSmsCodes } from '../../db/schema';
import { codesIn } from '../one-time-codes';

const codes = codesIn(promoSmsCodes);

export async function insertCode(
  db: Queryable,
  values: { phone: string; codeHash: string; templateId: number | null; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(promoSmsCodes).values(values).returning({ id: promoSmsCodes.id });
  if (!row) throw new Error('sms code was not saved');
  return row.id;
}

export const voidLiveCodes = codes.voidLive;
export const deleteCode = codes.remove;
export const lockLatestLiveCode = codes.lockLatestLive;
export const countWrongTry = codes.countWrongTry;
export const useCode = codes.spend;
