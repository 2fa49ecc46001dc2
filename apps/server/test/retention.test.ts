import { AccountPath, type AccountSession } from '@lend/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, sessions, staffSessions } from '../src/db/schema';
import { RETENTION_DAYS, removeRecordsPastRetention } from '../src/jobs/retention-job';
import { hashSessionId } from '../src/modules/sessions';
import { createTestApp, openSession, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { createAdminByCli } from './staff-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('records past their retention', () => {
  it('removes job runs, staff sessions and borrower sessions over for longer than their retention, and nothing else', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const { db } = t.database;

    const runs = await db
      .insert(jobRuns)
      .values(
        [RETENTION_DAYS.jobRuns + 1, RETENTION_DAYS.jobRuns - 1].map((days, i) => ({
          runnerId: `retention-test-${now.getTime()}-${i}`,
          job: 'order-clock',
          state: 'succeeded',
          attempts: 1,
          server: 'test',
          startedAt: daysAgo(days),
          finishedAt: daysAgo(days),
        })),
      )
      .returning({ id: jobRuns.id });

    const { staffId } = await createAdminByCli(t, `retention-${now.getTime()}@lender.example`);
    const staffSession = (token: string, over: { endedAt?: Date; expiresAt: Date }) => ({
      staffId,
      tokenHash: hashSessionId(token),
      stage: 'open',
      lastSeenAt: daysAgo(RETENTION_DAYS.staffSessions + 5),
      endedAt: over.endedAt ?? null,
      expiresAt: over.expiresAt,
    });
    const staffRows = await db
      .insert(staffSessions)
      .values([
        staffSession('ended-long-ago', { endedAt: daysAgo(RETENTION_DAYS.staffSessions + 1), expiresAt: daysAgo(RETENTION_DAYS.staffSessions) }),
        staffSession('expired-long-ago', { expiresAt: daysAgo(RETENTION_DAYS.staffSessions + 1) }),
        staffSession('ended-lately', { endedAt: daysAgo(RETENTION_DAYS.staffSessions - 1), expiresAt: now }),
        staffSession('open', { expiresAt: new Date(now.getTime() + DAY_MS) }),
      ])
      .returning({ id: staffSessions.id });

    const live = await openSession(t.app, '+525598760001');
    const borrowerId = Number(live.userId);
    const borrowerSession = (id: string, over: { revokedAt?: Date; expiresAt: Date }) => ({
      idHash: hashSessionId(id),
      borrowerId,
      deviceId: id,
      expiresAt: over.expiresAt,
      revokedAt: over.revokedAt ?? null,
    });
    await db
      .insert(sessions)
      .values([
        borrowerSession('revoked-long-ago', { revokedAt: daysAgo(RETENTION_DAYS.borrowerSessions + 1), expiresAt: now }),
        borrowerSession('expired-long-ago', { expiresAt: daysAgo(RETENTION_DAYS.borrowerSessions + 1) }),
        borrowerSession('revoked-lately', { revokedAt: daysAgo(RETENTION_DAYS.borrowerSessions - 1), expiresAt: now }),
      ]);

    const removed = await removeRecordsPastRetention(db, now);
    expect(removed).toEqual({ jobRuns: 1, staffSessions: 2, borrowerSessions: 2 });

    const runsLeft = await db.select({ id: jobRuns.id }).from(jobRuns).where(inArray(jobRuns.id, runs.map((run) => run.id)));
    expect(runsLeft.map((run) => run.id)).toEqual([runs[1]?.id]);
    const staffLeft = await db.select({ id: staffSessions.id }).from(staffSessions).where(inArray(staffSessions.id, staffRows.map((row) => row.id)));
    expect(staffLeft.map((row) => row.id).sort()).toEqual([staffRows[2]?.id, staffRows[3]?.id].sort());
    const borrowerLeft = await db.select({ deviceId: sessions.deviceId }).from(sessions).where(eq(sessions.borrowerId, borrowerId));
    expect(borrowerLeft.map((row) => row.deviceId).sort()).toEqual(['', 'revoked-lately']);

    // The borrower's live session still serves.
    const listed = await callBorrower<{ items: AccountSession[] }>(t.app, live, AccountPath.sessions, {});
    expect(listed.data.items).toHaveLength(1);
  });
});
