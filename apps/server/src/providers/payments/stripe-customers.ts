import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { stripeCustomers } from '../../db/schema';

/** The Stripe customer recorded for a borrower. */
export async function findStripeCustomer(db: Queryable, borrowerId: number): Promise<string | undefined> {
  const [row] = await db.select({ customerId: stripeCustomers.customerId }).from(stripeCustomers).where(eq(stripeCustomers.borrowerId, borrowerId)).limit(1);
  return row?.customerId;
}

/** Records a borrower's customer; a concurrent first one wins and is returned. */
export async function saveStripeCustomer(db: Queryable, borrowerId: number, customerId: string): Promise<string> {
  await db.insert(stripeCustomers).values({ borrowerId, customerId }).onConflictDoNothing({ target: stripeCustomers.borrowerId });
  return (await findStripeCustomer(db, borrowerId)) ?? customerId;
}
