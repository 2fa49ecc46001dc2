import { ErrorCode } from '@lend/contracts';
import { formatDate, nextStatus, OrderEvent, type OrderEventName } from '@lend/domain';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { listInstallments, setDueDates } from './installment-repository';
import { planDates, productMarket } from './loan-quote';
import { findOrderByNo, moveOrderStatus, type OrderRow } from './order-repository';
import { findProduct } from './product-repository';

type OperatorEvent = typeof OrderEvent.Approve | typeof OrderEvent.Reject | typeof OrderEvent.Disburse;

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

/**
 * An operator's step on an order: approve (21→151), reject (21→110) or confirm the payout
 * (151→170, which fixes every due date from the payout day in the product's market).
 * A step the status machine does not allow, or one another operator just took, is refused.
 */
export async function applyOperatorEvent(db: Db, orderNo: string, event: OperatorEvent, now = new Date()): Promise<OrderRow> {
  const moved = await db.transaction(async (tx) => {
    const order = await orderFor(tx, orderNo);
    const to = target(order, event);
    if (event === OrderEvent.Approve) return moveOrderStatus(tx, order.id, order.statusCode, to, { approvedAt: now }, now);
    if (event === OrderEvent.Reject) return moveOrderStatus(tx, order.id, order.statusCode, to, {}, now);
    const product = await findProduct(tx, order.productId);
    if (!product) throw new AppError(ErrorCode.NotFound);
    const payoutDate = formatDate(now, productMarket(product));
    const installments = await listInstallments(tx, order.id);
    const row = await moveOrderStatus(
      tx,
      order.id,
      order.statusCode,
      to,
      { disbursedAt: now, dueDate: installments[0] ? planDates(installments, payoutDate)[0] : null },
      now,
    );
    if (row) await setDueDates(tx, installments, payoutDate);
    return row;
  });
  if (!moved) throw new AppError(ErrorCode.OrderStatusConflict);
  return moved;
}
