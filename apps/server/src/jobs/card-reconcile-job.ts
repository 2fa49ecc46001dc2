import { reconcileCardRepayments, type ReconcileDeps } from '../modules/card-repayment';
import type { ScheduledJob } from './job-scheduler';

export const CARD_RECONCILE_INTERVAL_MS = 60 * 1000;

/**
 * The card reconciler every minute (docs/decisions/080): what a crash, a timeout or a lost
 * notification left charging is settled with the provider within a few minutes.
 */
export function cardReconcileJob(deps: ReconcileDeps): ScheduledJob {
  return {
    name: 'card-reconcile',
    intervalMs: CARD_RECONCILE_INTERVAL_MS,
    firstRunAfterMs: CARD_RECONCILE_INTERVAL_MS,
    run: async () => {
      await reconcileCardRepayments(deps, deps.now());
    },
  };
}
