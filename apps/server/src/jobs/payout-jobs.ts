import type { FastifyBaseLogger } from 'fastify';
import { reconcilePayouts, sendQueuedPayouts, type PayoutDeps } from '../modules/payouts';
import type { ScheduledJob } from './job-scheduler';

/**
 * The payout sender every PAYOUT_SEND_INTERVAL_MS, and the reconciler after it in the same pass
 * (docs/decisions/152): queued payouts go to the provider, and those left in flight longer than
 * PAYOUT_RECONCILE_AFTER_MS are looked up. Each pass claims its rows under lock, skipping those
 * another holds, so two passes at once never send one payout twice.
 */
export function payoutJob(deps: PayoutDeps, intervalMs: number, log: FastifyBaseLogger): ScheduledJob {
  return {
    name: 'payouts',
    intervalMs,
    firstRunAfterMs: intervalMs,
    run: async () => {
      const sent = await sendQueuedPayouts(deps);
      const reconciled = await reconcilePayouts(deps);
      if (sent.checked + reconciled.checked > 0) log.info({ sent, reconciled }, 'payouts pass');
    },
  };
}
