import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import { checkLedger } from '../modules/payments';
import type { ScheduledJob } from './job-scheduler';

export const LEDGER_CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Late enough that start-up and the first clock sweep are done. */
export const LEDGER_CHECK_FIRST_RUN_MS = 5 * 60 * 1000;
/** Mismatches written to the log in full; the count says how many there are. */
export const LOGGED_MISMATCHES = 10;

/**
 * One ledger check: an error in the log with the mismatch count and the first few when the books
 * disagree with the orders, a line of information otherwise. It reports; fixing is a person's
 * decision.
 */
export async function runLedgerCheck(db: Queryable, log: FastifyBaseLogger): Promise<number> {
  const { ordersChecked, mismatches } = await checkLedger(db);
  if (mismatches.length > 0) {
    log.error({ ordersChecked, mismatchCount: mismatches.length, mismatches: mismatches.slice(0, LOGGED_MISMATCHES) }, 'ledger check found mismatches');
  } else {
    log.info({ ordersChecked }, 'ledger check passed');
  }
  return mismatches.length;
}

/** The nightly ledger check, every 24 hours from a few minutes after start. */
export function ledgerCheckJob(db: Queryable, log: FastifyBaseLogger): ScheduledJob {
  return {
    name: 'ledger-check',
    intervalMs: LEDGER_CHECK_INTERVAL_MS,
    firstRunAfterMs: LEDGER_CHECK_FIRST_RUN_MS,
    expireAfterMs: 60 * 60 * 1000,
    run: async () => {
      await runLedgerCheck(db, log);
    },
  };
}
