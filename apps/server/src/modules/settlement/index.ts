/**
 * Settlement: each provider's daily settlement report matched against the ledger, stored for
 * operators, a mismatch logged as an error (docs/decisions/120). Owns settlement_reports.
 */
export { operatorSettlementRoutes } from './operator-settlement-routes';
export { operatorSettlementReportPage } from './settlement-lists';
export { runSettlement, type SettlementDeps } from './settlement-service';
