import type { Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { borrowerOrder, type OrderQuery, type OrderRow } from '../orders';
import { channelNames } from '../repayment';
import { listOrderPayments, type PaymentRow } from './payment-repository';

/** The channel code of a payment charged to a saved card. */
export const CARD_CHANNEL = 'card';

/** The channel code of a card payment made on the provider's own page. */
export const CARD_PAGE_CHANNEL = 'redirect';

export type OrderReceipts = {
  order: OrderRow;
  market: Market;
  payments: PaymentRow[];
  /** The name of each channel the payments came through, by its code. */
  channelNames: ReadonlyMap<string, string>;
  /** The last four digits of the saved card each card payment was charged to, by payment id. */
  paymentCards: ReadonlyMap<number, string>;
};

/** The saved card each of these payments was charged to, by payment id: the card repayments know it, and `app.ts` hands their look-up in. */
export type CardsOfPayments = (db: Queryable, paymentIds: readonly number[]) => Promise<ReadonlyMap<number, string>>;

const noCards: CardsOfPayments = async () => new Map();

/** The borrower's order's receipts, newest first, with the names of the channels they were paid at; another borrower's order reads as not found. */
export async function borrowerReceipts(db: Queryable, borrowerId: number, query: OrderQuery, cardsOf: CardsOfPayments = noCards): Promise<OrderReceipts> {
  const { order, market } = await borrowerOrder(db, borrowerId, query);
  const payments = await listOrderPayments(db, order.id);
  const names = await channelNames(
    db,
    payments.map((payment) => payment.channelCode).filter((code) => code !== ''),
  );
  const paymentCards = await cardsOf(
    db,
    payments.filter((payment) => payment.channelCode === CARD_CHANNEL).map((payment) => payment.id),
  );
  return { order, market, payments, channelNames: names, paymentCards };
}
