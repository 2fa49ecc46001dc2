/**
 * Credit: applying for a product, the scorecard's decision stored with its inputs and rules'
 * version, a credit officer's decision on a referral, and what a decision lets the borrower
 * borrow (`creditLineOf`, read by the confirmation, the push and the home). Owns credit_decisions
 * (docs/decisions/140–142).
 */
export { creditLineOf, creditDataOf, eraseCreditOf, recordUnscoredApproval } from './credit-service';
export { creditOperatorRoutes, creditRoutes } from './credit-routes';
