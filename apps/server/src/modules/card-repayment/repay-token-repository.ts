import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { cardRepayTokens } from '../../db/schema';

export type RepayTokenRow = typeof cardRepayTokens.$inferSelect;

export async function insertRepayToken(
  db: Queryable,
  values: { tokenHash: string; orderId: number; borrowerId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(cardRepayTokens).values(values);
}

/** The listing's token row, held until the transaction ends: commits of one listing go one at a time. */
export async function lockRepayToken(tx: Tx, tokenHash: string): Promise<RepayTokenRow | undefined> {
  const [row] = await tx.select().from(cardRepayTokens).where(eq(cardRepayTokens.tokenHash, tokenHash)).limit(1).for('update');
  return row;
}
