import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { checkPromises, remindPromisesDue, tellBorrowersOfAgencies } from '../modules/collections';
import { removeAbandonedUploads, UPLOAD_CLEANUP_INTERVAL_MS } from '../modules/complaints';
import { ORDER_CLOCK_INTERVAL_MS, orderClockJob } from '../modules/order-clock';
import { paidIntoOrderSince, paymentsAppliedSince } from '../modules/payments';
import { ordersWithParkedReversal } from '../modules/payouts';
import { profileFilesAmong } from '../modules/profiles';
import { removeExpiredVisitors, VISITOR_CLEANUP_INTERVAL_MS } from '../modules/promotion';
import { reminderJob } from '../modules/reminders';
import { createSmsProvider } from '../providers/sms/create-sms-provider';
import { cardReconcileJob } from './card-reconcile-job';
import { cashReconcileJob } from './cash-reconcile-job';
import { createJobScheduler } from './create-job-scheduler';
import type { JobScheduler, ScheduledJob } from './job-scheduler';
import { ledgerCheckJob } from './ledger-check-job';
import { payoutJob } from './payout-jobs';
import { retentionJob } from './retention-job';
import { refundFollowJob, settlementJob } from './settlement-job';

/** Abandoned complaint uploads and identity photos removed (their rows are the profiles module's: docs/decisions/135). */
function uploadCleanupJob(db: Db, app: FastifyInstance): ScheduledJob {
  return {
    name: 'complaint-upload-cleanup',
    intervalMs: UPLOAD_CLEANUP_INTERVAL_MS,
    firstRunAfterMs: 60_000,
    run: async () => {
      const removed = await removeAbandonedUploads(db, app.fileStorage, new Date(), [profileFilesAmong]);
      if (removed.images + removed.partials + removed.orphans > 0) app.log.info(removed, 'abandoned complaint uploads removed');
    },
  };
}

/** Promotion visitors a day past their expiry removed (docs/decisions/206). */
function visitorCleanupJob(db: Db, app: FastifyInstance): ScheduledJob {
  return {
    name: 'promotion-visitor-cleanup',
    intervalMs: VISITOR_CLEANUP_INTERVAL_MS,
    firstRunAfterMs: 60_000,
    run: async () => {
      const removed = await removeExpiredVisitors(db, new Date());
      if (removed > 0) app.log.info({ removed }, 'expired promotion visitors removed');
    },
  };
}

/** Between two rounds deciding the promises to pay whose day has passed (docs/decisions/243). */
export const PROMISE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

/** Promises to pay whose day has passed, decided by the money applied since each was made (docs/decisions/243). */
function promiseCheckJob(db: Db, app: FastifyInstance): ScheduledJob {
  return {
    name: 'promise-check',
    intervalMs: PROMISE_CHECK_INTERVAL_MS,
    firstRunAfterMs: 120_000,
    run: async () => {
      const decided = await checkPromises(db, paidIntoOrderSince, new Date());
      if (decided.kept + decided.partlyKept + decided.broken > 0) app.log.info(decided, 'promises to pay decided');
    },
  };
}

/** The reminder SMS on each promise's day, once per promise, in the market's hours and under its caps (docs/decisions/246). */
function promiseReminderJob(db: Db, app: FastifyInstance, config: Config): ScheduledJob {
  const sms = createSmsProvider(config, db);
  return {
    name: 'promise-reminder',
    intervalMs: PROMISE_CHECK_INTERVAL_MS,
    firstRunAfterMs: 150_000,
    run: async () => {
      const reminded = await remindPromisesDue({ db, sms, log: app.log }, new Date());
      if (reminded.sent + reminded.failed > 0) app.log.info(reminded, 'promise reminders sent');
    },
  };
}

/** The SMS telling a borrower that an outside agency collects their loan, once the market's hours and caps allow it (docs/decisions/249). */
function agencyNoticeJob(db: Db, app: FastifyInstance, config: Config): ScheduledJob {
  const sms = createSmsProvider(config, db);
  return {
    name: 'agency-notice',
    intervalMs: PROMISE_CHECK_INTERVAL_MS,
    firstRunAfterMs: 180_000,
    run: async () => {
      const told = await tellBorrowersOfAgencies({ db, sms, log: app.log }, new Date());
      if (told.sent + told.failed > 0) app.log.info(told, 'agency notices sent');
    },
  };
}

/** Every periodic job of the server, with the intervals the configuration sets. */
export function periodicJobs(app: FastifyInstance, db: Db, config: Config): ScheduledJob[] {
  const log = app.log;
  return [
    orderClockJob(db, log, ordersWithParkedReversal, ORDER_CLOCK_INTERVAL_MS),
    ledgerCheckJob(db, log),
    cardReconcileJob({ db, now: () => new Date(), rails: app.cardProviders.rails, log }),
    reminderJob({ db, sms: createSmsProvider(config, db), log, paymentsAppliedSince }, config.reminderIntervalMs),
    cashReconcileJob(app.cashReconcile, config.cashReconcileIntervalMs),
    settlementJob(db, app.refundRails, log),
    refundFollowJob(db, app.refundRails, log, config.refundFollowAfterMs),
    payoutJob(app.payouts, config.payoutSendIntervalMs, log),
    uploadCleanupJob(db, app),
    visitorCleanupJob(db, app),
    retentionJob(db, log),
    promiseCheckJob(db, app),
    promiseReminderJob(db, app, config),
    agencyNoticeJob(db, app, config),
  ];
}

/**
 * The server's periodic jobs on the scheduler its database calls for (docs/decisions/188): once
 * across every server on PostgreSQL, on this process's timers on the embedded database. Each run
 * is counted in the app's metrics and written to the run history.
 */
export async function startPeriodicJobs(app: FastifyInstance, db: Db, config: Config): Promise<JobScheduler> {
  const scheduler = createJobScheduler(config.database, { db, log: app.log, metrics: app.metrics });
  await scheduler.start(periodicJobs(app, db, config));
  return scheduler;
}
