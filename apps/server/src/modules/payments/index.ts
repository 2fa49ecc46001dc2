/**
 * Payments: money that reached the lender for an order, applied exactly once (cash providers'
 * signed webhooks, operators' recorded transfers, card charges through `applyPaymentIn`), the
 * receipts and closing statement the borrower reads, the operator's payments and ledger views,
 * the ledger check, and the borrower's loan data for their download. Owns payments.
 */
export { loanDataOf } from './borrower-loan-data';
export { cashWebhookRoutes } from './cash-webhook-routes';
export { stripeWebhookRoutes } from './stripe-webhook-routes';
export { razorpayWebhookRoutes } from './razorpay-webhook-routes';
export { WebhookRefusal } from './webhook-refusal';
export { parkDelivery } from './payment-exception-service';
export { checkLedger, type LedgerCheckResult } from './ledger-check';
export { receiptById } from './operator-payment-service';
export { operatorPaymentRoutes } from './operator-payment-routes';
export { applyPayment, applyPaymentIn, manualTransfer } from './payment-service';
export { paymentRoutes } from './payment-routes';
export { readSignedEvent, refuseDelivery, useSignedBodies } from './signed-webhook';
export { newestProviderPayment, providerPaymentsBetween, type ProviderPayment } from './provider-payments';
