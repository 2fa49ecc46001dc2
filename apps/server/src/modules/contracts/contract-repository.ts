import { asc, eq, inArray } from 'drizzle-orm';
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

/** What the borrower agreed to, when and from where, for these orders, in order id order. */
export function contractsOfOrders(db: Queryable, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: loanContracts.orderId,
      language: loanContracts.language,
      textSha256: loanContracts.textSha256,
      agreedAt: loanContracts.agreedAt,
      clientIp: loanContracts.clientIp,
      userAgent: loanContracts.userAgent,
    })
    .from(loanContracts)
    .where(inArray(loanContracts.orderId, [...orderIds]))
    .orderBy(asc(loanContracts.orderId));
}
