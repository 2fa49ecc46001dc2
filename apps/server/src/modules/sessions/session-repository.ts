import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PhoneMarket } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { likeStart } from '../../db/like-patterns';
import { preparedOnce } from '../../db/prepared';
import { borrowers, sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type BorrowerRow = typeof borrowers.$inferSelect;

/** What a borrower call needs of its session: whose it is, in which market, and whether it is still live. */
export type SessionCheckRow = Pick<SessionRow, 'borrowerId' | 'deviceId' | 'expiresAt' | 'revokedAt' | 'lastUsedAt'> & Pick<BorrowerRow, 'market'>;

/** The columns of `SessionCheckRow`, read alike by one session's check and by the live sessions loaded at start. */
const sessionCheckColumns = {
  borrowerId: sessions.borrowerId,
  deviceId: sessions.deviceId,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
  lastUsedAt: sessions.lastUsedAt,
  market: borrowers.market,
};

const sessionByHash = preparedOnce((db) =>
  db
    .select(sessionCheckColumns)
    .from(sessions)
    .innerJoin(borrowers, eq(borrowers.id, sessions.borrowerId))
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
  values: { idHash: string; borrowerId: number; deviceId: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(sessions).values({ ...values, lastUsedAt: values.createdAt });
}

/** Live sessions (neither revoked nor past their end at `now`) as the session check reads them, most recently used first. */
export async function findLiveSessionChecks(db: Db, now: Date, limit: number): Promise<(SessionCheckRow & { idHash: string })[]> {
  return db
    .select({ idHash: sessions.idHash, ...sessionCheckColumns })
    .from(sessions)
    .innerJoin(borrowers, eq(borrowers.id, sessions.borrowerId))
    .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(limit);
}

/** Moves last-used forward unless another call did within `since`; a write at most once per interval. */
export async function touchSession(db: Queryable, idHash: string, now: Date, since: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.idHash, idHash), lt(sessions.lastUsedAt, since)));
}

/** The borrower's sessions that are neither revoked nor past their absolute end, newest first. */
export async function listLiveSessions(db: Queryable, borrowerId: number, now: Date, limit: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.borrowerId, borrowerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
    .limit(limit);
}

/** Revokes one session of the borrower; the hash it revoked, or undefined when none was live. */
export async function revokeSession(db: Queryable, borrowerId: number, idHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.idHash, idHash), eq(sessions.borrowerId, borrowerId), isNull(sessions.revokedAt)))
    .returning({ idHash: sessions.idHash });
  return row?.idHash;
}

/** Revokes every live session of the borrower; the hashes it revoked. */
export async function revokeBorrowerSessions(db: Queryable, borrowerId: number, now: Date): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.borrowerId, borrowerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ idHash: sessions.idHash });
  return rows.map((row) => row.idHash);
}

/** Whether a session was ever opened on this device for the borrower of this phone, live or ended. */
export async function deviceHasSessionFor(db: Queryable, phone: string, deviceId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .innerJoin(borrowers, eq(borrowers.id, sessions.borrowerId))
    .where(and(eq(borrowers.phone, phone), eq(sessions.deviceId, deviceId)))
    .limit(1);
  return rows.length > 0;
}

export async function findBorrowerByPhone(db: Queryable, phone: string): Promise<BorrowerRow | undefined> {
  const [row] = await db.select().from(borrowers).where(eq(borrowers.phone, phone)).limit(1);
  return row;
}

/** A borrower to insert; `createdAt` only for one who signed up before (the demo's borrowers). */
export type NewBorrower = { phone: string; market: PhoneMarket; name?: string | undefined; createdAt?: Date | undefined };

/** Inserts the borrower unless the phone is taken; undefined when it was. */
export async function insertBorrowerIfNew(db: Queryable, borrower: NewBorrower): Promise<BorrowerRow | undefined> {
  const [inserted] = await db
    .insert(borrowers)
    .values({ phone: borrower.phone, market: borrower.market, name: borrower.name ?? '', ...(borrower.createdAt ? { createdAt: borrower.createdAt } : {}) })
    .onConflictDoNothing({ target: borrowers.phone })
    .returning();
  return inserted;
}

/** Inserts the borrower unless the phone is taken, and returns the row either way. */
export async function upsertBorrower(db: Queryable, borrower: NewBorrower): Promise<{ row: BorrowerRow; created: boolean }> {
  const inserted = await insertBorrowerIfNew(db, borrower);
  if (inserted) return { row: inserted, created: true };
  const existing = await findBorrowerByPhone(db, borrower.phone);
  if (!existing) throw new Error('a borrower vanished during upsert');
  return { row: existing, created: false };
}

export async function findBorrowerById(db: Queryable, id: number): Promise<BorrowerRow | undefined> {
  const [row] = await db.select().from(borrowers).where(eq(borrowers.id, id)).limit(1);
  return row;
}

/** These borrowers, by id, in one query. */
export function findBorrowersByIds(db: Queryable, ids: readonly number[]): Promise<BorrowerRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(borrowers).where(inArray(borrowers.id, [...ids])).orderBy(borrowers.id);
}

/** The phones of a set of borrowers, in one query. */
export function findBorrowerPhones(db: Queryable, ids: readonly number[]): Promise<{ id: number; phone: string }[]> {
  return db.select({ id: borrowers.id, phone: borrowers.phone }).from(borrowers).where(inArray(borrowers.id, [...ids]));
}

/** Borrowers whose stored phone ends with these digits: read on the index of the reversed phone. */
export function findBorrowersByPhoneEnd(db: Queryable, digits: string, limit: number): Promise<BorrowerRow[]> {
  const reversed = [...digits].reverse().join('');
  return db
    .select()
    .from(borrowers)
    .where(sql`reverse(${borrowers.phone}) like ${`${reversed}%`}`)
    .orderBy(borrowers.id)
    .limit(limit);
}

/** Borrowers whose name starts with this text, in any case: read on the index of the lower-cased name. */
export function findBorrowersByNameStart(db: Queryable, start: string, limit: number): Promise<BorrowerRow[]> {
  return db
    .select()
    .from(borrowers)
    .where(sql`lower(${borrowers.name}) like ${likeStart(start)}`)
    .orderBy(borrowers.id)
    .limit(limit);
}

/** Revokes the borrower's live session named by its public id; the hash it revoked, or undefined. */
export async function revokeSessionByPublicId(db: Queryable, borrowerId: number, publicId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.publicId, publicId), eq(sessions.borrowerId, borrowerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ idHash: sessions.idHash });
  return row?.idHash;
}

/** Up to `limit` sessions that were revoked or expired before `before` deleted; answers how many. */
export async function deleteSessionsOverBefore(db: Queryable, before: Date, limit: number): Promise<number> {
  const batch = db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(or(lt(sessions.revokedAt, before), lt(sessions.expiresAt, before)))
    .limit(limit);
  const rows = await db.delete(sessions).where(inArray(sessions.idHash, batch)).returning({ idHash: sessions.idHash });
  return rows.length;
}
