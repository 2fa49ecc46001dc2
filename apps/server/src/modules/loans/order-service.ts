import { REPAYING_STATUSES } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { findBorrowerOrderSummary, listBorrowerOrderSummaries, oldestOrderInStatuses, type OrderSummaryRow } from './order-repository';

export type { OrderSummaryRow } from './order-repository';

/** The borrower's oldest order still being repaid (paid out, due or overdue), if any: the preview's repayment and extension links open it. */
export function oldestRepayingOrder(db: Queryable, borrowerId: number): Promise<{ orderNo: string; productId: number } | undefined> {
  return oldestOrderInStatuses(db, borrowerId, REPAYING_STATUSES);
}

/** The borrower's orders, newest first, as other modules show them. */
export function borrowerOrderSummaries(db: Queryable, borrowerId: number): Promise<OrderSummaryRow[]> {
  return listBorrowerOrderSummaries(db, borrowerId);
}

/** One of the borrower's orders by number; another borrower's reads as missing. */
export function borrowerOrderSummary(db: Queryable, borrowerId: number, orderNo: string): Promise<OrderSummaryRow | undefined> {
  return findBorrowerOrderSummary(db, borrowerId, orderNo);
}
