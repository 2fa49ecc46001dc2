import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One occurrence of a scheduled job and how it went (docs/decisions/189): written by whichever
 * server ran it, updated by each attempt. `runnerId` is the occurrence's id in the runner (the
 * job's id in pg-boss on PostgreSQL; a fresh id per run in the process's own timers otherwise), so a
 * retry updates its occurrence's row rather than adding one.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runnerId: varchar('runner_id', { length: 64 }).notNull().unique(),
    job: varchar('job', { length: 60 }).notNull(),
    /** `running`, `succeeded`, `retrying` (failed, another attempt is due), `failed` (no attempt left), `skipped` (the job was still running elsewhere). */
    state: varchar('state', { length: 16 }).notNull(),
    attempts: integer('attempts').notNull(),
    /** Host and process id of the server that ran the last attempt. */
    server: varchar('server', { length: 120 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
  },
  (t) => [index('job_runs_job_id').on(t.job, t.id)],
);
