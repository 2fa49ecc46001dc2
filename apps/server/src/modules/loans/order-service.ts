import { REPAYING_STATUSES } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { oldestOrderInStatuses } from './order-repository';

/** The borrower's oldest order still being repaid (paid out, due or overdue), if any: the preview's repayment and extension links open it. */
export function oldestRepayingOrder(db: Queryable, borrowerId: number): Promise<{ orderNo: string; productId: number } | undefined> {
  return oldestOrderInStatuses(db, borrowerId, REPAYING_STATUSES);
}
