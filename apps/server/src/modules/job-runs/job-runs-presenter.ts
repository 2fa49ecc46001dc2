import { JOB_RUN_STATES, type JobRunState, type JobRunView } from '@lend/contracts';
import type { JobRunRow } from './job-runs-repository';

const isState = (value: string): value is JobRunState => (JOB_RUN_STATES as readonly string[]).includes(value);

export function jobRunView(row: JobRunRow): JobRunView {
  return {
    id: row.id,
    job: row.job,
    state: isState(row.state) ? row.state : 'failed',
    attempts: row.attempts,
    server: row.server,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
    lastError: row.lastError,
  };
}
