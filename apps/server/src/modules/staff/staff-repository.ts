import { and, asc, count, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { staffAccounts, staffSessions } from '../../db/schema';

export type StaffRow = typeof staffAccounts.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
type StaffChange = Partial<Omit<typeof staffAccounts.$inferInsert, 'id' | 'createdAt'>>;

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(sql`lower(${staffAccounts.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findStaff(db: Queryable, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return row;
}

/** The account held until the caller's transaction ends: sign-in attempts on one account count one at a time. */
export async function lockStaff(db: Queryable, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
  return row;
}

export async function listStaff(db: Queryable): Promise<StaffRow[]> {
  return db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
}

export async function countStaff(db: Queryable): Promise<number> {
  const [row] = await db.select({ total: count() }).from(staffAccounts);
  return row?.total ?? 0;
}

export async function countActiveAdmins(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, 'admin'), isNull(staffAccounts.disabledAt)));
  return row?.total ?? 0;
}

export async function insertStaff(db: Queryable, values: typeof staffAccounts.$inferInsert): Promise<StaffRow> {
  const [row] = await db.insert(staffAccounts).values(values).returning();
  if (!row) throw new Error('staff account not written');
  return row;
}

export async function updateStaff(db: Queryable, id: number, change: StaffChange, at: Date): Promise<StaffRow> {
  const [row] = await db.update(staffAccounts).set({ ...change, updatedAt: at }).where(eq(staffAccounts.id, id)).returning();
  if (!row) throw new Error('staff account not found');
  return row;
}

export async function insertStaffSession(db: Queryable, values: typeof staffSessions.$inferInsert): Promise<StaffSessionRow> {
  const [row] = await db.insert(staffSessions).values(values).returning();
  if (!row) throw new Error('staff session not written');
  return row;
}

export async function findLiveSession(db: Queryable, tokenHash: string): Promise<{ session: StaffSessionRow; staff: StaffRow } | undefined> {
  const [row] = await db
    .select({ session: staffSessions, staff: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.endedAt)));
  return row;
}

export async function touchSession(db: Queryable, id: number, at: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
}

export async function openSessionStage(db: Queryable, id: number, tokens: { tokenHash: string; deviceHash: string }, at: Date, expiresAt: Date): Promise<void> {
  await db.update(staffSessions).set({ stage: 'open', ...tokens, lastSeenAt: at, expiresAt }).where(eq(staffSessions.id, id));
}

/** Whether the account ever opened a session on the device of this hash, live or ended. */
export async function deviceSignedInBefore(db: Queryable, staffId: number, deviceHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.deviceHash, deviceHash), eq(staffSessions.stage, 'open')))
    .limit(1);
  return rows.length > 0;
}

/** Every live session of an account but `keepId` ends; answers how many. */
export async function endOtherSessionsOf(db: Queryable, staffId: number, keepId: number, at: Date): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ endedAt: at })
    .where(and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, keepId), isNull(staffSessions.endedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

export async function endSession(db: Queryable, id: number, at: Date): Promise<void> {
  await db.update(staffSessions).set({ endedAt: at }).where(and(eq(staffSessions.id, id), isNull(staffSessions.endedAt)));
}

/** Every live session of an account ends: it was disabled, its role or second factor changed. */
export async function endSessionsOf(db: Queryable, staffId: number, at: Date): Promise<void> {
  await db.update(staffSessions).set({ endedAt: at }).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)));
}

/** Up to `limit` sessions that ended or expired before `before` deleted; answers how many. */
export async function deleteSessionsOverBefore(db: Queryable, before: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .where(or(lt(staffSessions.endedAt, before), lt(staffSessions.expiresAt, before)))
    .limit(limit);
  const rows = await db.delete(staffSessions).where(inArray(staffSessions.id, batch)).returning({ id: staffSessions.id });
  return rows.length;
}

/** The active accounts of a role, oldest first: collections shares late orders among its agents (docs/decisions/243). */
export async function activeStaffOfRole(db: Queryable, role: StaffRow['role']): Promise<StaffRow[]> {
  return db.select().from(staffAccounts).where(and(eq(staffAccounts.role, role), isNull(staffAccounts.disabledAt))).orderBy(asc(staffAccounts.id));
}

/** E-mails of these accounts by id. */
export async function staffEmails(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: staffAccounts.id, email: staffAccounts.email }).from(staffAccounts).where(inArray(staffAccounts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}
