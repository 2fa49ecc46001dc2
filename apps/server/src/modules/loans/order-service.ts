import { LoanStatus } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { oldestOrderInStatuses } from './order-repository';

/** An order with something to repay, so the preview's repayment and extension links have one to open. */
const REPAYING_STATUSES: readonly number[] = [LoanStatus.Due, LoanStatus.Overdue, LoanStatus.Disbursed];

/** The borrower's oldest order still being repaid (due, overdue or paid out), if any. */
export function oldestRepayingOrder(db: Queryable, borrowerId: number): Promise<{ orderNo: string; productId: number } | undefined> {
  return oldestOrderInStatuses(db, borrowerId, REPAYING_STATUSES);
}
