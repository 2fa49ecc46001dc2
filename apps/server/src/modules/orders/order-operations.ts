import { ErrorCode } from '@lend/contracts';
import { Account, addDays, daysBetween, disbursalPostings, disbursalReversalPostings, dueDatesFrom, installmentRemaining, nextStatus, OrderEvent, payoutRestatementPostings, type IsoDate, type OrderEventName, type PlanInstallment } from '@lend/domain';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { accountBalances, insertEntry } from '../ledger';
import { productById, type ProductRow } from '../products';
import { recordAudit, type Actor } from '../staff';
import { balanceOf } from './order-balance';
import { listInstallments, restructureInstallments, saveInstallmentMoney, setDueDates, type InstallmentMoney, type InstallmentRow } from './installment-repository';
import { findOrderByNo, lockOrder, lockOrdersOf, moveOrderStatus, restateOrderRow, restructureOrderRow, saveOrderMoney, type OrderMoney, type OrderRow } from './order-repository';

/** What the payout makes receivable: the plan's interest is after any coupon. */
export function netPlan(order: OrderRow) {
  return {
    principalMinor: order.principalMinor,
    commissionMinor: order.commissionMinor,
    interestMinor: order.interestMinor - order.discountMinor,
    taxMinor: order.taxMinor,
  };
}

/**
 * The money is paid out (151→170) on `payoutDate`, a date in the product's market: every due date
 * is fixed from it and the ledger books the loan, in the caller's transaction.
 */
export async function recordPayout(tx: Tx, order: OrderRow, payoutDate: IsoDate, at: Date): Promise<OrderRow | undefined> {
  const to = target(order, OrderEvent.Disburse);
  const installments = await listInstallments(tx, order.id);
  const row = await moveOrderStatus(
    tx,
    order.id,
    order.statusCode,
    to,
    { disbursedAt: at, dueDate: installments[0] ? dueDatesFrom(installments, payoutDate)[0] : null },
    at,
  );
  if (!row) return undefined;
  await bookPayout(tx, row, installments, payoutDate);
  return row;
}

/** The payout's dates and ledger entry, for an order already moved to 170. */
export async function bookPayout(tx: Tx, order: OrderRow, installments: readonly InstallmentRow[], payoutDate: IsoDate): Promise<void> {
  await setDueDates(tx, installments, payoutDate);
  await insertEntry(tx, { orderId: order.id, kind: 'disbursal', bookedOn: payoutDate, postings: disbursalPostings(netPlan(order)) });
}

/**
 * A payout the bank returned (docs/decisions/155): an order nothing was paid on goes back to being
 * paid out (170→151) with the disbursal undone in the ledger, in the caller's transaction; undefined,
 * changing nothing, when a payment or credit already touched the order, which an operator then settles.
 */
export async function undoPayout(tx: Tx, order: OrderRow, bookedOn: IsoDate, at: Date): Promise<OrderRow | undefined> {
  const to = nextStatus(order.statusCode, OrderEvent.PayoutReversed);
  const installments = await listInstallments(tx, order.id);
  const touched = order.creditMinor > 0 || order.penaltyMinor > 0 || order.extensionsUsed > 0 || installments.some((i) => i.principalPaidMinor + i.interestPaidMinor + i.taxPaidMinor > 0);
  if (to === null || touched) return undefined;
  const row = await moveOrderStatus(tx, order.id, order.statusCode, to, { disbursedAt: null, dueDate: null }, at);
  if (!row) return undefined;
  await insertEntry(tx, { orderId: order.id, kind: 'disbursal-reversal', bookedOn, postings: disbursalReversalPostings(netPlan(order)) });
  return row;
}

/**
 * A payout the bank returned after the borrower paid something, restated to what was received
 * (docs/decisions/224), in the caller's transaction with the order locked: the loan never reached
 * the borrower, so the order goes back to being paid out (to 151) as if never paid out (no dates, late
 * charges, extensions or payments on its plan), its disbursal is undone (`disbursal-reversal`), and
 * a `payout-restatement` entry clears what its receivables, income and tax still hold into the
 * borrower's credit, which the order now holds. Undefined, changing nothing, for an order not repaying.
 */
export async function restatePayout(tx: Tx, order: OrderRow, bookedOn: IsoDate, at: Date): Promise<OrderRow | undefined> {
  const to = nextStatus(order.statusCode, OrderEvent.PayoutRestated);
  if (to === null) return undefined;
  await insertEntry(tx, { orderId: order.id, kind: 'disbursal-reversal', bookedOn, postings: disbursalReversalPostings(netPlan(order)) });
  const postings = payoutRestatementPostings((await accountBalances(tx, [order.id])).get(order.id) ?? new Map());
  await insertEntry(tx, { orderId: order.id, kind: 'payout-restatement', bookedOn, postings });
  const owedBack = -(postings.find((posting) => posting.account === Account.BorrowerCredit)?.amountMinor ?? 0);
  const row = await restateOrderRow(tx, order.id, order.statusCode, to, order.creditMinor + owedBack, at);
  // The order was read locked in this transaction: a row not moved is a fault, never books left half-written.
  if (!row) throw new Error(`order ${order.orderNo} changed under its lock`);
  for (const installment of await listInstallments(tx, order.id)) {
    const unpaid = { id: installment.id, dueDate: installment.dueDate, principalPaidMinor: 0, interestPaidMinor: 0, taxPaidMinor: 0, interestWaivedMinor: 0, taxWaivedMinor: 0, paidAt: null };
    await saveInstallmentMoney(tx, unpaid);
  }
  return row;
}

/**
 * What else an operator's step checks, starts or stops, inside its transaction with the order:
 * approval first checks the credit decision still stands on the borrower's facts (docs/decisions/215)
 * and then queues the payout, a rejection of an approved order cancels a payout not yet sent
 * (docs/decisions/152).
 */
export type OrderStepHooks = {
  beforeApproval?: (tx: Tx, order: OrderRow, now: Date) => Promise<void>;
  afterApproval?: (tx: Tx, order: OrderRow, now: Date) => Promise<void>;
  beforeRejection?: (tx: Tx, order: OrderRow, now: Date) => Promise<void>;
};

type OperatorEvent = typeof OrderEvent.Approve | typeof OrderEvent.Reject;

async function orderFor(db: Queryable, orderNo: string): Promise<OrderRow> {
  const order = await findOrderByNo(db, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  return order;
}

function target(order: OrderRow, event: OrderEventName): number {
  const to = nextStatus(order.statusCode, event);
  if (to === null) throw new AppError(ErrorCode.OrderStatusConflict);
  return to;
}

async function moveByOperator(tx: Tx, order: OrderRow, event: OperatorEvent, hooks: OrderStepHooks, now: Date): Promise<OrderRow | undefined> {
  const to = target(order, event);
  if (event === OrderEvent.Approve) {
    await hooks.beforeApproval?.(tx, order, now);
    const approved = await moveOrderStatus(tx, order.id, order.statusCode, to, { approvedAt: now }, now);
    if (approved) await hooks.afterApproval?.(tx, approved, now);
    return approved;
  }
  await hooks.beforeRejection?.(tx, order, now);
  return moveOrderStatus(tx, order.id, order.statusCode, to, {}, now);
}

/** What an order's audit entry shows of it. */
const auditedOrder = (order: OrderRow) => ({ status: order.statusCode, approvedAt: order.approvedAt, disbursedAt: order.disbursedAt, dueDate: order.dueDate });

/**
 * An operator's step on an order: approve (21→151, queuing its payout) or reject (21→110, or an
 * approved order not yet paid out 151→110), audited in the same transaction (docs/decisions/162).
 * The payout itself moves 151→170 when the money lands (`recordPayout`). A step the status machine
 * does not allow, or one another operator just took, is refused.
 */
export async function applyOperatorEvent(db: Db, orderNo: string, event: OperatorEvent, actor: Actor, hooks: OrderStepHooks = {}, reason?: string, now = new Date()): Promise<OrderRow> {
  const moved = await db.transaction(async (tx) => {
    const found = await orderFor(tx, orderNo);
    const order = (await lockOrder(tx, found.id)) ?? found;
    const row = await moveByOperator(tx, order, event, hooks, now);
    if (row) {
      const after = reason === undefined ? auditedOrder(row) : { ...auditedOrder(row), reason };
      await recordAudit(tx, actor, { action: `order.${event}`, objectType: 'order', objectId: order.orderNo, before: auditedOrder(order), after }, now);
    }
    return row;
  });
  if (!moved) throw new AppError(ErrorCode.OrderStatusConflict);
  return moved;
}

/** An order locked for a change of its money, with its product and plan. */
export type LockedOrder = { order: OrderRow; product: ProductRow; installments: InstallmentRow[] };

/**
 * Reads the order and holds it until the caller's transaction ends, so money moves on an order
 * one at a time; undefined when there is no such order.
 */
export async function lockOrderForMoney(tx: Tx, orderId: number): Promise<LockedOrder | undefined> {
  const order = await lockOrder(tx, orderId);
  if (!order) return undefined;
  const product = await productById(tx, order.productId);
  if (!product) throw new AppError(ErrorCode.NotFound);
  return { order, product, installments: await listInstallments(tx, order.id) };
}

/** Locks all the borrower's orders as `lockOrderForMoney` locks one; their ids (docs/decisions/223). */
export function lockBorrowerOrdersForMoney(tx: Tx, borrowerId: number): Promise<number[]> {
  return lockOrdersOf(tx, borrowerId);
}

/** Writes what a payment or an extension left of a locked order: the changed installments, then the order. */
export async function saveMoneyChanges(tx: Tx, orderId: number, installments: readonly InstallmentMoney[], order: OrderMoney, now: Date): Promise<void> {
  for (const change of installments) await saveInstallmentMoney(tx, change);
  await saveOrderMoney(tx, orderId, order, now);
}

/**
 * The borrower accepted a payment plan (docs/decisions/250), in the caller's transaction with the
 * order locked: every installment still owed is closed (its amounts become what was paid or waived
 * of it, marked restructured, so it is late no more), the plan's installments are written as the
 * order's next ones (same table, the next seqs, their principal, interest and tax: the frozen late
 * charges they pay first stay owed on the order), and the order leaves overdue with the plan's first
 * date, the waived late charges off what it accrued. Payments, allocation, the clock and the screens
 * then work on the plan as on any schedule. The first seq of the plan.
 */
export async function restructureOrder(
  tx: Tx,
  order: OrderRow,
  installments: readonly InstallmentRow[],
  plan: { installments: readonly PlanInstallment[]; waivedLateChargesMinor: number },
  today: IsoDate,
  now: Date,
): Promise<number> {
  const to = nextStatus(order.statusCode, OrderEvent.Restructured);
  const first = installments[0];
  if (to === null || !first?.dueDate) throw new AppError(ErrorCode.PlanNotAllowed);
  // Due days count from the payout, which the first installment's date and day give back.
  const disbursedOn = addDays(first.dueDate, -first.dueDay);
  const remaining = new Map(balanceOf(order, installments).installments.map((i) => [i.seq, installmentRemaining(i)]));
  const closed = installments
    .filter((i) => (remaining.get(i.seq) ?? 0) > 0)
    .map((i) => ({ id: i.id, principalMinor: i.principalPaidMinor, interestMinor: i.interestPaidMinor + i.interestWaivedMinor, taxMinor: i.taxPaidMinor + i.taxWaivedMinor }));
  const firstSeq = Math.max(...installments.map((i) => i.seq)) + 1;
  const added = plan.installments.map((i, index) => ({
    seq: firstSeq + index,
    dueDay: daysBetween(disbursedOn, i.dueDate),
    dueDate: i.dueDate,
    principalMinor: i.principalMinor,
    interestMinor: i.interestMinor,
    taxMinor: i.taxMinor,
  }));
  await restructureInstallments(tx, order.id, closed, added, now);
  const next = plan.installments.find((i) => i.principalMinor + i.interestMinor + i.taxMinor > 0) ?? plan.installments.at(-1);
  const row = await restructureOrderRow(tx, order.id, order.statusCode, to, { dueDate: next?.dueDate ?? null, waivedLateChargesMinor: plan.waivedLateChargesMinor, today }, now);
  // The order was read locked in this transaction: a row not moved is a fault, never a schedule left half-written.
  if (!row) throw new Error(`order ${order.orderNo} changed under its lock`);
  return firstSeq;
}
