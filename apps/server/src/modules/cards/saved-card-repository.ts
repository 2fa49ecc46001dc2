import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { savedCards } from '../../db/schema';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type NewSavedCard = Pick<typeof savedCards.$inferInsert, 'borrowerId' | 'provider' | 'providerToken' | 'bankName' | 'bankCode' | 'last4' | 'requiresCode'>;

/** The borrower's cards still in use, oldest first (the order the borrower added them). */
export function listLiveCards(db: Queryable, borrowerId: number): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.borrowerId, borrowerId), isNull(savedCards.removedAt)))
    .orderBy(asc(savedCards.id));
}

/** One of the borrower's live cards; another borrower's card reads like none. */
export async function findLiveCard(db: Queryable, borrowerId: number, cardId: number): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.borrowerId, borrowerId), isNull(savedCards.removedAt)))
    .limit(1);
  return row;
}

export async function findCard(db: Queryable, cardId: number): Promise<SavedCardRow | undefined> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.id, cardId)).limit(1);
  return row;
}

/** Saves the card unless its provider token is saved already; then the row that holds it. */
export async function insertCardOnce(db: Queryable, values: NewSavedCard): Promise<SavedCardRow> {
  const [inserted] = await db.insert(savedCards).values(values).onConflictDoNothing({ target: [savedCards.provider, savedCards.providerToken] }).returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.provider, values.provider), eq(savedCards.providerToken, values.providerToken)))
    .limit(1);
  if (!existing) throw new Error('saved card vanished after a conflict');
  return existing;
}
