import type { ListFilters, Page, PageQuery, RefundApprovalView, refundApprovalListQuerySchema, refundListQuerySchema, RefundView } from '@lend/contracts';
import type { Db } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { approvalPage } from './refund-approval-service';
import { refundApprovalView, refundView } from './refund-presenter';
import { refundPage } from './refund-service';

/** One page of refunds, newest first; one order's with `orderNo`. */
export async function operatorRefundPage(db: Db, filters: ListFilters<typeof refundListQuerySchema>, query: PageQuery): Promise<Page<RefundView>> {
  const page = pageRequest(query, idCursor);
  return toPage(await refundPage(db, filters.orderNo, page), page, (row) => [row.id], refundView);
}

/** One page of the refunds above the staff limit, newest first; one state's with `status`. */
export async function operatorRefundApprovalPage(db: Db, filters: ListFilters<typeof refundApprovalListQuerySchema>, query: PageQuery): Promise<Page<RefundApprovalView>> {
  const page = pageRequest(query, idCursor);
  return toPage(await approvalPage(db, filters.status, page), page, (row) => [row.id], refundApprovalView);
}
