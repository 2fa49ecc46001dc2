/**
 * Contracts: the loan agreement a borrower signs by confirming (its clauses, hash and the
 * evidence of where and when it was agreed) and the contract screen. Owns loan_contracts.
 */
export { contractOperatorRoutes } from './contract-operator-routes';
export { contractRoutes } from './contract-routes';
export { agreementsOfOrders, recordAgreement } from './contract-service';
