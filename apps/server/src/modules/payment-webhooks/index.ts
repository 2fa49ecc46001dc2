/**
 * Payment webhooks: where providers report money, each delivery verified on its raw body (the
 * sandbox's signature, Stripe's, Razorpay's), turned into one payment report and handed to
 * `payments` to apply once; the cash reconciler, which asks the providers for the payments whose
 * delivery never came and applies them through the same path. The signed-body scope is
 * `plugins/signed-webhook`. Owns no table.
 */
export { cashWebhookRoutes } from './cash-webhook-routes';
export { stripeWebhookRoutes } from './stripe-webhook-routes';
export { razorpayWebhookRoutes } from './razorpay-webhook-routes';
export { cashReconcileRoutes } from './cash-reconcile-routes';
export { reconcileCashPayments, type CashReconcileDeps } from './cash-reconciler';
