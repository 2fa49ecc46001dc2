import { desc, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { wholeListCount } from '../../db/paging';
import { borrowers, sessions } from '../../db/schema';

/** Locks the borrower's row until the transaction ends, so two deletions cannot interleave. */
export async function lockBorrowerRow(tx: Tx, borrowerId: number): Promise<{ id: number; phone: string } | undefined> {
  const [row] = await tx.select({ id: borrowers.id, phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId)).for('update');
  return row;
}

/** The borrower's newest sessions without their hashes (a copy of the download opens nothing), newest first, each with the count of all. */
export function findNewestSessionsOf(db: Queryable, borrowerId: number, limit: number) {
  return db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      deviceId: sessions.deviceId,
      total: wholeListCount(),
    })
    .from(sessions)
    .where(eq(sessions.borrowerId, borrowerId))
    .orderBy(desc(sessions.createdAt), desc(sessions.idHash))
    .limit(limit);
}

/** Replaces the phone (which frees it for a new sign-up) and the name; the row's id stays for the kept records. */
export async function anonymiseBorrowerRow(db: Queryable, borrowerId: number, placeholderPhone: string): Promise<void> {
  await db.update(borrowers).set({ phone: placeholderPhone, name: '' }).where(eq(borrowers.id, borrowerId));
  await db.update(sessions).set({ deviceId: '' }).where(eq(sessions.borrowerId, borrowerId));
}
