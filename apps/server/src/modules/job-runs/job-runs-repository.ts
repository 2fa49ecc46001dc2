import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { JobRunState } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { jobRuns } from '../../db/schema';

export type JobRunRow = typeof jobRuns.$inferSelect;

/** An attempt begins: the occurrence's row is made, or its earlier attempt's row taken over. */
export async function upsertAttemptStart(
  db: Queryable,
  attempt: { runnerId: string; job: string; attempts: number; server: string; startedAt: Date },
): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ ...attempt, state: 'running' })
    .onConflictDoUpdate({
      target: jobRuns.runnerId,
      set: { state: 'running', attempts: attempt.attempts, server: attempt.server, startedAt: attempt.startedAt, finishedAt: null, durationMs: null },
    });
}

/** An attempt ends; a failed one's error is kept until a later attempt fails again. */
export async function updateAttemptEnd(
  db: Queryable,
  runnerId: string,
  end: { state: JobRunState; finishedAt: Date; durationMs: number; error?: string },
): Promise<void> {
  await db
    .update(jobRuns)
    .set({ state: end.state, finishedAt: end.finishedAt, durationMs: end.durationMs, lastError: end.error ?? sql`${jobRuns.lastError}` })
    .where(eq(jobRuns.runnerId, runnerId));
}

/** The job's runs still marked running that started before `startedBefore`: their server stopped before they ended. */
export async function markAbandoned(db: Queryable, job: string, startedBefore: Date, at: Date): Promise<number> {
  const rows = await db
    .update(jobRuns)
    .set({ state: 'abandoned', finishedAt: at })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.state, 'running'), lt(jobRuns.startedAt, startedBefore)))
    .returning({ id: jobRuns.id });
  return rows.length;
}

export function runsPage(db: Queryable, page: PageRequest<readonly [number]>, job: string | undefined): Promise<JobRunRow[]> {
  return db
    .select()
    .from(jobRuns)
    .where(and(job === undefined ? undefined : eq(jobRuns.job, job), pastCursor(jobRuns.id, page, 'newest-first')))
    .orderBy(desc(jobRuns.id))
    .limit(page.limit + 1);
}

/** Up to `limit` runs that started before `before` deleted; answers how many. */
export async function deleteRunsStartedBefore(db: Queryable, before: Date, limit: number): Promise<number> {
  const batch = db.select({ id: jobRuns.id }).from(jobRuns).where(lt(jobRuns.startedAt, before)).limit(limit);
  const rows = await db.delete(jobRuns).where(inArray(jobRuns.id, batch)).returning({ id: jobRuns.id });
  return rows.length;
}
