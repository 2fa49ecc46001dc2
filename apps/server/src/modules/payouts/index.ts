/**
 * Payouts: a loan's money sent to the borrower's bank account (docs/decisions/152–155). Approval
 * queues it; the sender hands it to the market's provider; paid, rejected or reversed, from the
 * provider's answer, its notification or the reconciler, whichever comes first, moves the order and
 * the ledger once. Owns payouts and payout_events.
 */
export { payoutBookMismatches, payoutsPaidBetween, payoutSettlementSources, type PayoutBookMismatch } from './payout-books';
export { payoutCrashAt, type PayoutDeps } from './payout-deps';
export { borrowerPayoutOf, type BorrowerPayout } from './payout-borrower';
export { payoutOperatorRoutes } from './payout-operator-routes';
export { accountReplaced, cancelForRejection, queuePayout, releasesAccount } from './payout-queue';
export { reconcilePayouts } from './payout-reconciler';
export { ordersWithParkedReversal } from './payout-repository';
export { sendQueuedPayouts } from './payout-sender';
export { payoutWebhookRoutes } from './payout-webhook-routes';
