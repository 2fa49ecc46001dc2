import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loanContracts } from '../../db/schema';

export type ContractRow = typeof loanContracts.$inferSelect;

export async function insertContract(db: Queryable, values: ContractRow): Promise<void> {
  await db.insert(loanContracts).values(values);
}

export async function findContract(db: Queryable, orderId: number): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(loanContracts).where(eq(loanContracts.orderId, orderId)).limit(1);
  return row;
}
