import type { ReminderKind } from '@lend/contracts';
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { reminderSends } from '../../db/schema';

export type ReminderKey = { kind: ReminderKind; subjectId: number; subjectDate: string };

/** The claims of these subjects that no pass may take now: sent, being sent, or failed and not yet due for a retry. */
export function findTakenClaims(db: Queryable, kind: ReminderKind, subjectIds: readonly number[], now: Date) {
  return db
    .select({ subjectId: reminderSends.subjectId, subjectDate: reminderSends.subjectDate })
    .from(reminderSends)
    .where(
      and(
        eq(reminderSends.kind, kind),
        inArray(reminderSends.subjectId, [...subjectIds]),
        or(ne(reminderSends.status, 'failed'), isNull(reminderSends.retryAt), gt(reminderSends.retryAt, now)),
      ),
    );
}

/**
 * Claims a reminder no pass has claimed: one insert, committed before the message is sent. A
 * concurrent pass's insert of the same key waits on the unique key and then inserts nothing.
 */
export async function insertClaim(db: Queryable, key: ReminderKey, borrowerId: number, now: Date): Promise<{ id: number; attempts: number } | undefined> {
  const [row] = await db
    .insert(reminderSends)
    .values({ ...key, borrowerId, status: 'sending', attempts: 1, claimedAt: now })
    .onConflictDoNothing({ target: [reminderSends.kind, reminderSends.subjectId, reminderSends.subjectDate] })
    .returning({ id: reminderSends.id, attempts: reminderSends.attempts });
  return row;
}

/** Takes a failed claim whose retry is due: conditional on that, so only one pass takes it. */
export async function retakeFailedClaim(db: Queryable, key: ReminderKey, now: Date): Promise<{ id: number; attempts: number } | undefined> {
  const [row] = await db
    .update(reminderSends)
    .set({ status: 'sending', attempts: sql`${reminderSends.attempts} + 1`, claimedAt: now, retryAt: null })
    .where(
      and(
        eq(reminderSends.kind, key.kind),
        eq(reminderSends.subjectId, key.subjectId),
        eq(reminderSends.subjectDate, key.subjectDate),
        eq(reminderSends.status, 'failed'),
        lte(reminderSends.retryAt, now),
      ),
    )
    .returning({ id: reminderSends.id, attempts: reminderSends.attempts });
  return row;
}

export async function markSent(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(reminderSends).set({ status: 'sent', sentAt: now, lastError: null }).where(eq(reminderSends.id, id));
}

export async function markFailed(db: Queryable, id: number, retryAt: Date | null, error: string): Promise<void> {
  await db
    .update(reminderSends)
    .set({ status: 'failed', retryAt, lastError: error.slice(0, 200) })
    .where(eq(reminderSends.id, id));
}
