import type { Page, PageQuery, PendingCardCharge } from '@lend/contracts';
import { MARKET_SETTINGS } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { pendingChargePage, type PendingCharge } from './reconciler';

/** One page of the card and checkout payments still waiting on their provider, oldest first; the list has no filters. */
export async function pendingCardChargePage(db: Queryable, _filters: Record<string, never>, query: PageQuery): Promise<Page<PendingCardCharge>> {
  const page = pageRequest(query, idCursor);
  return toPage(await pendingChargePage(db, page), page, (row) => [row.id], pendingChargeView);
}

function pendingChargeView(row: PendingCharge): PendingCardCharge {
  return {
    recordNo: row.recordNo,
    orderNo: row.orderNo,
    provider: row.provider,
    method: row.method,
    amountMinor: row.amountMinor,
    currency: MARKET_SETTINGS[row.market].currency,
    market: row.market,
    status: row.status,
    chargeStartedAt: row.chargeStartedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
