import { OPEN_STATUSES } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { contractsOf, installmentsOf, openOrderOf, ordersOfBorrower, receiptsOf } from './borrower-data-repository';

/**
 * Whether the borrower still owes, or may yet owe, money: an order under review, being paid out,
 * or repaying. Settled and rejected orders are closed.
 */
export async function hasOpenLoan(db: Queryable, borrowerId: number): Promise<boolean> {
  return (await openOrderOf(db, borrowerId, OPEN_STATUSES)) !== undefined;
}

/** The borrower's orders with their plan and receipts, and their contracts' metadata, for their data download. */
export async function loanDataOf(db: Queryable, borrowerId: number) {
  const orders = await ordersOfBorrower(db, borrowerId);
  const ids = orders.map((order) => order.id);
  const [installments, receipts, contracts] = await Promise.all([installmentsOf(db, ids), receiptsOf(db, ids), contractsOf(db, borrowerId)]);
  return {
    orders: orders.map(({ id, ...order }) => ({
      ...order,
      installments: installments.filter((row) => row.orderId === id).map(({ id: _row, orderId: _order, ...rest }) => rest),
      receipts: receipts.filter((row) => row.orderId === id).map(({ orderId: _order, ...rest }) => rest),
    })),
    contracts,
  };
}
