import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { razorpayVirtualAccounts } from '../../db/schema';

export type RazorpayAccountRow = typeof razorpayVirtualAccounts.$inferSelect;
export type RazorpayAccountInsert = Pick<RazorpayAccountRow, 'borrowerId' | 'virtualAccountId' | 'accountNumber' | 'ifsc' | 'bankName' | 'beneficiary'>;

/** The Smart Collect account recorded for a borrower. */
export async function findRazorpayAccount(db: Queryable, borrowerId: number): Promise<RazorpayAccountRow | undefined> {
  const [row] = await db.select().from(razorpayVirtualAccounts).where(eq(razorpayVirtualAccounts.borrowerId, borrowerId)).limit(1);
  return row;
}

/** The borrower whose account Razorpay names in a credit, and what it was last given to pay. */
export async function razorpayAccountById(db: Queryable, virtualAccountId: string): Promise<RazorpayAccountRow | undefined> {
  const [row] = await db.select().from(razorpayVirtualAccounts).where(eq(razorpayVirtualAccounts.virtualAccountId, virtualAccountId)).limit(1);
  return row;
}

/** Records a borrower's account; a concurrent first one wins and is returned. */
export async function saveRazorpayAccount(db: Queryable, account: RazorpayAccountInsert): Promise<RazorpayAccountRow> {
  await db.insert(razorpayVirtualAccounts).values(account).onConflictDoNothing({ target: razorpayVirtualAccounts.borrowerId });
  const saved = await findRazorpayAccount(db, account.borrowerId);
  if (!saved) throw new Error('razorpay account not saved');
  return saved;
}

/** The reference a transfer into the borrower's account pays from now on. */
export async function pointRazorpayAccount(db: Queryable, borrowerId: number, target: { channelCode: string; orderNo: string; reference: string }): Promise<void> {
  await db.update(razorpayVirtualAccounts).set(target).where(eq(razorpayVirtualAccounts.borrowerId, borrowerId));
}

/** The Smart Collect account whose transfers pay this reference now: the one last pointed at it. */
export async function razorpayAccountPayingFor(db: Queryable, channelCode: string, reference: string): Promise<RazorpayAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(razorpayVirtualAccounts)
    .where(and(eq(razorpayVirtualAccounts.channelCode, channelCode), eq(razorpayVirtualAccounts.reference, reference)))
    .limit(1);
  return row;
}
