/**
 * Refunds: a borrower's request for their credit back, and the operator's refunds of it through
 * the provider that took the money or by the lender's own transfer, each booked in the ledger and
 * followed to its end (docs/decisions/119); above the limit a request a second person approves
 * (180). Owns refund_requests, refunds, refund_events and refund_approvals.
 */
export { operatorRefundRoutes } from './operator-refund-routes';
export { operatorRefundApprovalPage, operatorRefundPage } from './refund-lists';
export { refundRoutes } from './refund-routes';
export { hasPendingRefund, succeededRefundsBetween, type RefundRow } from './refund-repository';
export { followRefunds, recordRefundOutcome, refundCredit, type RefundDeps } from './refund-service';
export { receiveRefundEvent, type RefundEventOutcome, type RefundEventReport } from './refund-event-service';
