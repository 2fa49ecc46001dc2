import type { Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { borrowerOrder, type OrderQuery, type OrderRow } from '../orders';
import { channelNames } from '../repayment';
import { listOrderPayments, type PaymentRow } from './payment-repository';

export type OrderReceipts = {
  order: OrderRow;
  market: Market;
  payments: PaymentRow[];
  /** The name of each channel the payments came through, by its code. */
  channelNames: ReadonlyMap<string, string>;
};

/** The borrower's order's receipts, newest first, with the names of the channels they were paid at; another borrower's order reads as not found. */
export async function borrowerReceipts(db: Queryable, borrowerId: number, query: OrderQuery): Promise<OrderReceipts> {
  const { order, market } = await borrowerOrder(db, borrowerId, query);
  const payments = await listOrderPayments(db, order.id);
  const names = await channelNames(
    db,
    payments.map((payment) => payment.channelCode).filter((code) => code !== ''),
  );
  return { order, market, payments, channelNames: names };
}
