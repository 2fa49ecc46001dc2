import { reconcileCashPayments, type CashReconcileDeps } from '../modules/payment-webhooks';
import type { ScheduledJob } from './job-scheduler';

/**
 * The cash reconciler every `CASH_RECONCILE_INTERVAL_MS` (docs/decisions/128): a payment whose
 * webhook never came is found at its provider and applied within a few minutes. Each pass takes its
 * own references, so two passes at once would share the work rather than repeat it.
 */
export function cashReconcileJob(deps: CashReconcileDeps, intervalMs: number): ScheduledJob {
  return {
    name: 'cash-reconcile',
    intervalMs,
    firstRunAfterMs: intervalMs,
    run: async () => {
      await reconcileCashPayments(deps);
    },
  };
}
