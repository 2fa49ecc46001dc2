import type { Page, PageQuery, SettlementReportView } from '@lend/contracts';
import type { Db } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { settlementReportView } from './settlement-presenter';
import { settlementReportPage } from './settlement-service';

/** One page of settlement reports, newest first; the list has no filters. */
export async function operatorSettlementReportPage(db: Db, _filters: Record<string, never>, query: PageQuery): Promise<Page<SettlementReportView>> {
  const page = pageRequest(query, idCursor);
  return toPage(await settlementReportPage(db, page), page, (row) => [row.id], settlementReportView);
}
