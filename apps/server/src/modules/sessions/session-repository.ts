import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { borrowers, sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type BorrowerRow = typeof borrowers.$inferSelect;

/** What a borrower call needs of its session: whose it is and whether it is still live. */
export type SessionCheckRow = Pick<SessionRow, 'borrowerId' | 'deviceId' | 'expiresAt' | 'revokedAt'>;

const sessionByHash = preparedOnce((db) =>
  db
    .select({ borrowerId: sessions.borrowerId, deviceId: sessions.deviceId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('session_by_hash'),
);

export async function findSessionByHash(db: Db, idHash: string): Promise<SessionCheckRow | undefined> {
  const [row] = await sessionByHash(db).execute({ idHash });
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
