import { clabeCheckDigit } from '@lend/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { borrowers, payoutAccounts } from '../src/db/schema';

/** A CLABE of Banamex (002) whose account part ends in `last4`, with its check digit worked out after it. */
export function testClabe(last4: string): string {
  const first17 = `0021800001183${last4}`;
  return `${first17}${clabeCheckDigit(first17)}`;
}

/**
 * Gives the borrower an active payout account as certification would bind it (docs/decisions/136):
 * a CLABE in Mexico, an SBI account in India, held in `holderName`. The sandbox payout rail treats
 * an account ending 0000 as closed and one ending 9999 as another person's (a CLABE's before its check digit). A borrower who has one keeps it.
 */
export async function givePayoutAccount(db: Db, borrowerId: number, options: { last4?: string; holderName?: string } = {}): Promise<void> {
  const [borrower] = await db.select({ market: borrowers.market }).from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!borrower) throw new Error(`no borrower ${borrowerId}`);
  const last4 = options.last4 ?? '1234';
  const account =
    borrower.market === 'IN'
      ? { kind: 'bank-account', accountNumber: `5010012345${last4}`, bankCode: 'SBIN0001234', bankName: 'State Bank of India' }
      : { kind: 'clabe', accountNumber: testClabe(last4), bankCode: '002', bankName: 'BANAMEX' };
  await db.insert(payoutAccounts).values({ borrowerId, ...account, holderName: options.holderName ?? 'Test Borrower' }).onConflictDoNothing();
}
