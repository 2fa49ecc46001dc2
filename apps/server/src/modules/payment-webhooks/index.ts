/**
 * Payment webhooks: where providers report money, each delivery verified on its raw body (the
 * sandbox's signature, Stripe's, Razorpay's), turned into one payment report and handed to
 * `payments` to apply once; the card notifications share the signed-body scope. Owns no table.
 */
export { cashWebhookRoutes } from './cash-webhook-routes';
export { stripeWebhookRoutes } from './stripe-webhook-routes';
export { razorpayWebhookRoutes } from './razorpay-webhook-routes';
export { readSignedEvent, refuseDelivery, useSignedBodies } from './signed-webhook';
