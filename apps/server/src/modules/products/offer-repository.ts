import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loanOffers } from '../../db/schema';

export type OfferRow = typeof loanOffers.$inferSelect;

export async function findOfferRow(db: Queryable, borrowerId: number, productId: number): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(loanOffers)
    .where(and(eq(loanOffers.borrowerId, borrowerId), eq(loanOffers.productId, productId)))
    .limit(1);
  return row;
}

/** Records an operator's decision; a new decision is news to the borrower again. */
export async function saveOfferDecision(
  db: Queryable,
  values: { borrowerId: number; productId: number; status: 'active' | 'withdrawn'; amountMinor: number; termDays: number; couponMinor: number },
  now: Date,
): Promise<OfferRow> {
  const decision = {
    status: values.status,
    amountMinor: values.amountMinor,
    termDays: values.termDays,
    couponMinor: values.couponMinor,
    revisedAt: now,
    acknowledgedAt: null,
  };
  const [row] = await db
    .insert(loanOffers)
    .values({ borrowerId: values.borrowerId, productId: values.productId, ...decision })
    .onConflictDoUpdate({ target: [loanOffers.borrowerId, loanOffers.productId], set: decision })
    .returning();
  if (!row) throw new Error('offer was not saved');
  return row;
}

export async function acknowledgeOffer(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(loanOffers).set({ acknowledgedAt: now }).where(eq(loanOffers.id, id));
}
