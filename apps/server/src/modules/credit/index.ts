/**
 * Credit: applying for a product, the scorecard's decision stored with its inputs and rules'
 * version, a credit officer's decision on a referral, and what a decision lets the borrower
 * borrow (`creditLineOf`, read by the confirmation and the home; `creditLineForOrder` by the push),
 * and whether a decision still stands on the borrower's facts (docs/decisions/215). Owns
 * credit_decisions (docs/decisions/140–142).
 */
export { creditLineForOrder, creditLineOf, creditDataOf, decisionStandsForPayout, eraseCreditOf, hasApplied, recordUnscoredApproval, supersedeOnChangedFacts } from './credit-service';
export { creditOperatorRoutes, creditRoutes } from './credit-routes';
export { referralPage } from './referral-list';
