import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/**
 * Whether the order in `orderId` (a column of the caller's query) has a contract, without reading
 * its text: a condition the orders' one-round-trip reads embed (docs/decisions/085).
 */
export function contractExists(orderId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${loanContracts} where ${loanContracts.orderId} = ${orderId})`;
}

/** Whether the order in `orderId` was agreed with a Key Facts Statement (India: docs/decisions/143), read like `contractExists`. */
export function keyFactsExists(orderId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${loanContracts} where ${loanContracts.orderId} = ${orderId} and ${loanContracts.keyFactsSha256} is not null)`;
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
