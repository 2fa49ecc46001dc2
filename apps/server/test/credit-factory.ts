import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { borrowers, creditDecisions, products } from '../src/db/schema';
import { recordUnscoredApproval } from '../src/modules/credit';

/**
 * Test factory: the approval a borrower who applied would hold on each active product of their
 * market, written by the credit module as it writes the demo data's, with the product's largest
 * loan as the ceiling. Tests about ordering, paying and repaying start from here; the credit tests apply.
 */
export async function approvedCreditFor(db: Db, borrowerId: number, now = new Date()): Promise<void> {
  const [borrower] = await db.select({ market: borrowers.market }).from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!borrower) throw new Error(`no borrower ${borrowerId}`);
  await db.transaction(async (tx) => {
    for (const product of await tx.select().from(products).where(eq(products.market, borrower.market))) {
      const [standing] = await tx
        .select({ id: creditDecisions.id })
        .from(creditDecisions)
        .where(and(eq(creditDecisions.borrowerId, borrowerId), eq(creditDecisions.productId, product.id), isNull(creditDecisions.supersededAt)));
      if (standing) continue;
      await recordUnscoredApproval(tx, borrowerId, product, 'test factory', now);
    }
  });
}
