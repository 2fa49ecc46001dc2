import type { Queryable } from '../../db/client';
import { agreementsOfOrders } from '../contracts';
import { borrowerOrdersWithPlans } from '../orders';
import { borrowerReceiptsOf } from './payment-repository';

/** The borrower's orders with their plan and receipts, and their contracts' metadata, for their data download. */
export async function loanDataOf(db: Queryable, borrowerId: number) {
  const orders = await borrowerOrdersWithPlans(db, borrowerId);
  const ids = orders.map((order) => order.id);
  const [receipts, agreements] = await Promise.all([borrowerReceiptsOf(db, ids), agreementsOfOrders(db, ids)]);
  const orderNos = new Map(orders.map((order) => [order.id, order.orderNo]));
  return {
    orders: orders.map(({ id, ...order }) => ({
      ...order,
      receipts: receipts.filter((row) => row.orderId === id).map(({ orderId: _order, ...rest }) => rest),
    })),
    contracts: agreements.map(({ orderId, ...agreement }) => ({ orderNo: orderNos.get(orderId) ?? '', ...agreement })),
  };
}
