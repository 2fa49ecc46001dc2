import { ErrorCode, type BorrowerPlanRequest, type PlanFrequency, type PlanReason, type PlanRequestView } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { violatedUniqueKey } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { borrowerOrder } from '../orders';
import { rowOf } from './work-repository';
import { insertPlanRequest, OPEN_PLAN_REQUEST_KEY, openPlanRequestOf, planRequestsOf, planRequestsOfBorrower, type PlanRequestRow } from './plan-request-repository';

export function planRequestView(row: PlanRequestRow): PlanRequestView {
  return {
    id: row.id,
    amountMinor: row.amountMinor,
    frequency: row.frequency as PlanFrequency,
    reason: row.reason as PlanReason,
    note: row.note,
    state: row.state === 'answered' ? 'answered' : 'open',
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * "I can't pay it all now: I can pay this each week (or fortnight), because…" (docs/decisions/248):
 * on the borrower's own late order, an amount above zero up to what is owed; one request waits for an
 * answer at a time (9322), even when two arrive at once.
 */
export async function requestPlan(db: Db, borrowerId: number, input: Required<BorrowerPlanRequest>, now: Date): Promise<void> {
  const { order, market } = await borrowerOrder(db, borrowerId, { orderNo: input.orderId });
  const late = await rowOf(db, order.id);
  if (!late || late.bucket === null) throw new AppError(ErrorCode.CollectionOrderNotLate);
  if (input.amountMinor <= 0 || input.amountMinor > late.owedMinor) throw new AppError(ErrorCode.PlanAmountOutOfRange);
  try {
    await db.transaction((tx) =>
      insertPlanRequest(tx, { orderId: order.id, borrowerId, market, amountMinor: input.amountMinor, frequency: input.frequency, reason: input.reason, note: input.note, createdAt: now }),
    );
  } catch (error) {
    if (violatedUniqueKey(error) === OPEN_PLAN_REQUEST_KEY) throw new AppError(ErrorCode.PlanRequestOpen);
    throw error;
  }
}

/** The order's open request, for the borrower's screen. */
export async function openPlanRequest(db: Queryable, orderId: number): Promise<PlanRequestView | null> {
  const row = await openPlanRequestOf(db, orderId);
  return row ? planRequestView(row) : null;
}

/** Every request on the order, newest first, for its collection file. */
export async function planRequestsOfOrder(db: Queryable, orderId: number): Promise<PlanRequestView[]> {
  return (await planRequestsOf(db, orderId)).map(planRequestView);
}

/** The borrower's requests, for their data download. */
export async function planRequestsDataOf(db: Queryable, borrowerId: number) {
  return (await planRequestsOfBorrower(db, borrowerId)).map((row) => ({ orderId: row.orderId, ...planRequestView(row) }));
}
