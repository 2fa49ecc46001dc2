/** Card repayment: the listing, the commit and its SMS code, the charge, the redirect checkout, the reconciler. */
export type { CardDeps } from './card-deps';
export { cardRepaymentRoutes } from './card-repayment-routes';
export { cardWebhookRoutes } from './card-webhook-routes';
export { crashAt } from './crash-point';
export { cardReconcileRoutes } from './reconcile-routes';
export { pendingCardChargePage } from './pending-charges';
export { reconcileCardRepayments, type ReconcileDeps } from './reconciler';
export { chargesInFlight } from './charge-room';
export { cardsOfPayments } from './payment-cards';
