import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';

/** What became of one occurrence of a scheduled job (docs/decisions/189); `abandoned`: its server stopped before it ended. */
export const JOB_RUN_STATES = ['running', 'succeeded', 'retrying', 'failed', 'skipped', 'abandoned'] as const;
export type JobRunState = (typeof JOB_RUN_STATES)[number];

/** Recent runs, newest first; `job` keeps one job's. */
export const jobRunListQuerySchema = pageQuerySchema.extend({ job: z.string().trim().regex(/^[a-z0-9-]{1,60}$/).optional() });

export const jobRunSchema = z.object({
  id: z.number().int(),
  job: z.string(),
  state: z.enum(JOB_RUN_STATES),
  attempts: z.number().int(),
  server: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
});
export type JobRunView = z.infer<typeof jobRunSchema>;
export const jobRunPageSchema = pageSchema(jobRunSchema);
