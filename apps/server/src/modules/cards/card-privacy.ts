import type { Queryable } from '../../db/client';
import { eraseSavedCard, savedCardsOf } from './card-privacy-repository';

/**
 * Removes the borrower's saved cards and forgets the provider's tokens and the card's bank and
 * digits; card repayments stay, as payment records (docs/decisions/095).
 */
export async function eraseSavedCardsOf(db: Queryable, borrowerId: number, now: Date): Promise<void> {
  for (const card of await savedCardsOf(db, borrowerId)) await eraseSavedCard(db, card.id, card.removedAt ?? now);
}
