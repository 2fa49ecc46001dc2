import type { SettlementReportView } from '@lend/contracts';
import type { SettlementReportRow } from './settlement-repository';

export function settlementReportView(row: SettlementReportRow): SettlementReportView {
  return {
    id: row.id,
    provider: row.provider,
    day: row.day,
    matchedCount: row.matchedCount,
    missingInLedger: row.missingInLedger,
    missingAtProvider: row.missingAtProvider,
    feeTotalMinor: row.feeTotalMinor,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  };
}
