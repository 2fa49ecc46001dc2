import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { removeRunsStartedBefore } from '../modules/job-runs';
import { removeSessionsOverBefore } from '../modules/sessions';
import { removeStaffSessionsOverBefore } from '../modules/staff';
import type { ScheduledJob } from './job-scheduler';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long records that serve only the running of the service are kept once they are over
 * (docs/decisions/207): the job run history, and borrower and staff sessions once revoked, ended or
 * expired. What a borrower, a regulator or the books may ask about (orders, payments, the ledger,
 * the audit log, consents, complaints) is not housekeeping and is never removed here.
 */
export const RETENTION_DAYS = { jobRuns: 90, staffSessions: 90, borrowerSessions: 180 } as const;

export type RemovedRecords = { jobRuns: number; staffSessions: number; borrowerSessions: number };

/** Every housekeeping record past its retention at `now` removed; answers how many of each. */
export async function removeRecordsPastRetention(db: Db, now: Date): Promise<RemovedRecords> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    jobRuns: await removeRunsStartedBefore(db, before(RETENTION_DAYS.jobRuns)),
    staffSessions: await removeStaffSessionsOverBefore(db, before(RETENTION_DAYS.staffSessions)),
    borrowerSessions: await removeSessionsOverBefore(db, before(RETENTION_DAYS.borrowerSessions)),
  };
}

/** The daily removal of housekeeping records past their retention, from ten minutes after start. */
export function retentionJob(db: Db, log: FastifyBaseLogger): ScheduledJob {
  return {
    name: 'retention',
    intervalMs: DAY_MS,
    firstRunAfterMs: 10 * 60 * 1000,
    run: async () => {
      const removed = await removeRecordsPastRetention(db, new Date());
      if (removed.jobRuns + removed.staffSessions + removed.borrowerSessions > 0) log.info(removed, 'records past their retention removed');
    },
  };
}
