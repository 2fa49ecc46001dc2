import type { Queryable } from '../../db/client';
import { cardById } from '../cards';
import { cardsOfPaymentIds } from './card-repayment-repository';

/** The last four digits of the saved card each of these payments was charged to, by payment id (docs/decisions/234). */
export async function cardsOfPayments(db: Queryable, paymentIds: readonly number[]): Promise<ReadonlyMap<number, string>> {
  const rows = await cardsOfPaymentIds(db, paymentIds);
  const found = new Map<number, string>();
  for (const { paymentId, cardId } of rows) {
    if (paymentId === null || cardId === null) continue;
    const card = await cardById(db, cardId);
    if (card) found.set(paymentId, card.last4);
  }
  return found;
}
