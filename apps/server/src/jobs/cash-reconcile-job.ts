import type { FastifyBaseLogger } from 'fastify';
import { reconcileCashPayments, type CashReconcileDeps } from '../modules/payment-webhooks';
import { startPeriodicJob, type PeriodicJob, type JobRuntime } from './periodic-job';

/**
 * The cash reconciler in this process, every `CASH_RECONCILE_INTERVAL_MS` (docs/decisions/128): a
 * payment whose webhook never came is found at its provider and applied within a few minutes.
 * Every server runs it; each pass takes its own references, so they share the work.
 */
export function startCashReconcileJob(deps: CashReconcileDeps, intervalMs: number, log: FastifyBaseLogger, runtime: JobRuntime = {}): PeriodicJob {
  return startPeriodicJob({
    name: 'cash-reconcile',
    intervalMs,
    firstRunAfterMs: intervalMs,
    log,
    run: async () => {
      await reconcileCashPayments(deps);
    },
    ...runtime,
  });
}
