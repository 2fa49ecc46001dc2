/**
 * Payments: money that reached the lender for an order, applied exactly once (the payment reports
 * `payment-webhooks` verifies, operators' recorded transfers, card charges through `applyPaymentIn`), the
 * receipts and closing statement the borrower reads, the operator's payments and ledger views,
 * the ledger check, and the borrower's loan data for their download. Owns payments.
 */
export { loanDataOf } from './borrower-loan-data';
export { WebhookRefusal } from './webhook-refusal';
export { keepForOperator, parkDelivery, parkRefusedPayment } from './payment-exception-service';
export { paidIntoOrderSince, paymentsAppliedSince, referencesWithPayments } from './payment-repository';
export { checkLedger, type LedgerCheckResult } from './ledger-check';
export { receiptById } from './operator-payment-service';
export { operatorPaymentRoutes } from './operator-payment-routes';
export { operatorPaymentExceptionPage, operatorPaymentPage, operatorWebhookDeliveryPage } from './operator-payment-lists';
export { applyPayment, applyPaymentIn, manualTransfer, paymentCommitted, receiveCashPayment, type AppliedPayment } from './payment-service';
export { paymentRoutes } from './payment-routes';
export { providerPaymentsBetween, providerPaymentsOf, type ProviderPayment } from './provider-payments';
export { latePaymentsByOrderMonth, type LatePaymentAmount } from './book-figures-repository';
