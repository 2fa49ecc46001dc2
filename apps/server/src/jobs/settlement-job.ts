import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { followRefunds } from '../modules/refunds';
import { runSettlement } from '../modules/settlement';
import type { RefundRails } from '../providers/refunds/refund-rails';
import type { ScheduledJob } from './job-scheduler';

export const SETTLEMENT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** After start-up and the nightly ledger check's first run. */
export const SETTLEMENT_FIRST_RUN_MS = 10 * 60 * 1000;
export const REFUND_FOLLOW_INTERVAL_MS = 5 * 60 * 1000;
export const REFUND_FOLLOW_FIRST_RUN_MS = 60 * 1000;

/** Yesterday's UTC day, the last one a provider has closed and reported; `lagDays` earlier for a provider that settles later. */
export function settledDay(now: Date, lagDays = 0): string {
  return new Date(now.getTime() - (1 + lagDays) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Each day, yesterday's settlement of every provider matched against the ledger (docs/decisions/120);
 * of a provider that settles days later (Razorpay, 127), the last day it has settled. Running a day
 * again replaces its report.
 */
export function settlementJob(db: Db, rails: RefundRails, log: FastifyBaseLogger): ScheduledJob {
  return {
    name: 'settlement',
    intervalMs: SETTLEMENT_INTERVAL_MS,
    firstRunAfterMs: SETTLEMENT_FIRST_RUN_MS,
    expireAfterMs: 60 * 60 * 1000,
    run: async () => {
      const now = new Date();
      for (const source of rails.settlement) await runSettlement({ db, sources: [source], log }, settledDay(now, source.lagDays), undefined, now);
    },
  };
}

/** Every few minutes, each pending refund asked of its provider again until it ends (docs/decisions/119). */
export function refundFollowJob(db: Db, rails: RefundRails, log: FastifyBaseLogger, followAfterMs: number): ScheduledJob {
  return {
    name: 'refund-follow',
    intervalMs: REFUND_FOLLOW_INTERVAL_MS,
    firstRunAfterMs: REFUND_FOLLOW_FIRST_RUN_MS,
    run: async () => {
      const tally = await followRefunds({ db, providers: rails.refunds, log, followAfterMs });
      if (tally.followed > 0) log.info(tally, 'pending refunds followed');
    },
  };
}
