import type { JobRunState } from '@lend/contracts';
import { removeInBatches } from '../../db/batches';
import type { Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { deleteRunsStartedBefore, markAbandoned, runsPage, updateAttemptEnd, upsertAttemptStart, type JobRunRow } from './job-runs-repository';

/** The longest error text kept for a run: enough for the message and the first frames. */
export const JOB_ERROR_CHARS_MAX = 2_000;

export type JobAttempt = { runnerId: string; job: string; attempt: number; server: string; startedAt: Date };

/** A scheduled job's attempt has begun on this server (docs/decisions/189). */
export async function recordAttemptStart(db: Queryable, attempt: JobAttempt): Promise<void> {
  await upsertAttemptStart(db, { runnerId: attempt.runnerId, job: attempt.job, attempts: attempt.attempt, server: attempt.server, startedAt: attempt.startedAt });
}

/** How the attempt ended: `retrying` when it failed and the runner will try again, `failed` when no try is left. */
export async function recordAttemptEnd(
  db: Queryable,
  attempt: JobAttempt,
  outcome: { state: Exclude<JobRunState, 'running'>; finishedAt: Date; error?: unknown },
): Promise<void> {
  const error = outcome.error === undefined ? undefined : errorText(outcome.error);
  await updateAttemptEnd(db, attempt.runnerId, {
    state: outcome.state,
    finishedAt: outcome.finishedAt,
    durationMs: Math.max(0, outcome.finishedAt.getTime() - attempt.startedAt.getTime()),
    error,
  });
}

/**
 * Runs of the job left `running` by a server that stopped before they ended (killed, crashed),
 * started before `startedBefore`, marked `abandoned`; an attempt that was only slow and ends
 * later records its own end over it.
 */
export function closeAbandonedRuns(db: Queryable, job: string, startedBefore: Date, at: Date): Promise<number> {
  return markAbandoned(db, job, startedBefore, at);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, JOB_ERROR_CHARS_MAX);
}

export function jobRunPage(db: Queryable, page: PageRequest<readonly [number]>, job: string | undefined): Promise<JobRunRow[]> {
  return runsPage(db, page, job);
}

/** The run history before `before` removed (docs/decisions/207); answers how many runs. */
export function removeRunsStartedBefore(db: Queryable, before: Date): Promise<number> {
  return removeInBatches((limit) => deleteRunsStartedBefore(db, before, limit));
}
