import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { savedCards } from '../../db/schema';

export function savedCardsOf(db: Queryable, borrowerId: number) {
  return db.select({ id: savedCards.id, removedAt: savedCards.removedAt }).from(savedCards).where(eq(savedCards.borrowerId, borrowerId));
}

export async function eraseSavedCard(db: Queryable, id: number, removedAt: Date): Promise<void> {
  await db.update(savedCards).set({ providerToken: `erased-${id}`, bankName: '', bankCode: '', last4: '0000', removedAt }).where(eq(savedCards.id, id));
}
