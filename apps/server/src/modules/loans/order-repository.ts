import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { loanOrders, products } from '../../db/schema';

export type OrderRow = typeof loanOrders.$inferSelect;
export type NewOrder = typeof loanOrders.$inferInsert;

const PENDING = sql`status_code in (21, 151)`;

/**
 * Inserts an order under review unless the borrower already has one in review for the same
 * product (the partial unique index decides, so concurrent pushes make one order). Returns
 * undefined when it already existed.
 */
export async function insertPendingOrder(db: Queryable, values: NewOrder): Promise<OrderRow | undefined> {
  const [row] = await db
    .insert(loanOrders)
    .values(values)
    .onConflictDoNothing({ target: [loanOrders.borrowerId, loanOrders.productId], where: PENDING })
    .returning();
  return row;
}

export async function findOrdersInStatus(
  db: Queryable,
  borrowerId: number,
  productId: number,
  statuses: readonly number[],
): Promise<OrderRow[]> {
  return db
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), eq(loanOrders.productId, productId), inArray(loanOrders.statusCode, [...statuses])))
    .orderBy(desc(loanOrders.createdAt));
}

export async function findOrderByNo(db: Queryable, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo)).limit(1);
  return row;
}

/** Another borrower's order reads exactly like one that does not exist. */
export async function findBorrowerOrder(db: Queryable, borrowerId: number, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.orderNo, orderNo), eq(loanOrders.borrowerId, borrowerId)))
    .limit(1);
  return row;
}

export type OrderListRow = OrderRow & { productCode: string };

/** Oldest first, one page (and one row more) after the cursor's order. */
export async function listOrders(db: Queryable, borrowerId: number | undefined, page: PageRequest<readonly [number]>): Promise<OrderListRow[]> {
  const rows = await db
    .select({ order: loanOrders, productCode: products.code })
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(
      and(borrowerId === undefined ? undefined : eq(loanOrders.borrowerId, borrowerId), pastCursor(loanOrders.id, page, 'oldest-first')),
    )
    .orderBy(asc(loanOrders.id))
    .limit(page.limit + 1);
  return rows.map(({ order, productCode }) => ({ ...order, productCode }));
}

/**
 * Moves an order from `from` to `to` only if it is still in `from`, so two operators or two
 * server processes cannot apply the same step twice. Returns the updated row, or undefined.
 */
export async function moveOrderStatus(
  db: Queryable,
  orderId: number,
  from: number,
  to: number,
  changes: Partial<Pick<NewOrder, 'approvedAt' | 'disbursedAt' | 'dueDate' | 'settledAt'>> = {},
  now = new Date(),
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(loanOrders)
    .set({ statusCode: to, ...changes, updatedAt: now })
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.statusCode, from)))
    .returning();
  return row;
}

/** Stores the borrower's rating once: a second rating finds `score` already set and changes nothing. */
export async function saveScore(db: Queryable, orderId: number, score: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(loanOrders)
    .set({ score, scoredAt: now, updatedAt: now })
    .where(and(eq(loanOrders.id, orderId), sql`${loanOrders.score} is null`))
    .returning({ id: loanOrders.id });
  return rows.length === 1;
}

/** The borrower's oldest order in one of `statuses`, by number and product only. */
export async function oldestOrderInStatuses(
  db: Queryable,
  borrowerId: number,
  statuses: readonly number[],
): Promise<{ orderNo: string; productId: number } | undefined> {
  const [row] = await db
    .select({ orderNo: loanOrders.orderNo, productId: loanOrders.productId })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), inArray(loanOrders.statusCode, [...statuses])))
    .orderBy(asc(loanOrders.id))
    .limit(1);
  return row;
}
