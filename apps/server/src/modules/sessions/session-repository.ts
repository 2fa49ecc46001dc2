import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { borrowers, sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type BorrowerRow = typeof borrowers.$inferSelect;

export async function findSessionByHash(db: Queryable, idHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1);
  return row;
}

export async function insertSession(
  db: Queryable,
  values: { idHash: string; borrowerId: number; deviceId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findBorrowerByPhone(db: Queryable, phone: string): Promise<BorrowerRow | undefined> {
  const [row] = await db.select().from(borrowers).where(eq(borrowers.phone, phone)).limit(1);
  return row;
}

/** Inserts the borrower unless the phone is taken; undefined when it was. */
export async function insertBorrowerIfNew(db: Queryable, phone: string, name: string | undefined): Promise<BorrowerRow | undefined> {
  const [inserted] = await db
    .insert(borrowers)
    .values({ phone, name: name ?? '' })
    .onConflictDoNothing({ target: borrowers.phone })
    .returning();
  return inserted;
}

/** Inserts the borrower unless the phone is taken, and returns the row either way. */
export async function upsertBorrower(db: Queryable, phone: string, name: string | undefined): Promise<BorrowerRow> {
  const inserted = await insertBorrowerIfNew(db, phone, name);
  if (inserted) return inserted;
  const existing = await findBorrowerByPhone(db, phone);
  if (!existing) throw new Error(`borrower ${phone} vanished during upsert`);
  return existing;
}

export async function latestLiveSession(db: Queryable, borrowerId: number, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.borrowerId, borrowerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row;
}

export async function findBorrowerById(db: Queryable, id: number): Promise<BorrowerRow | undefined> {
  const [row] = await db.select().from(borrowers).where(eq(borrowers.id, id)).limit(1);
  return row;
}
