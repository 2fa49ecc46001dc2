import { LoanStatus } from '@lend/contracts';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { loanOrders } from '../../db/schema';

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

export async function findOrderById(db: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(loanOrders).where(eq(loanOrders.id, id)).limit(1);
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


/** Oldest first, one page (and one row more) after the cursor's order. */
/** What an operator's order list narrows to; each left out narrows nothing. */
export type OrderListFilter = { borrowerId?: number | undefined; status?: number | undefined; orderNo?: string | undefined };

export function listOrders(db: Queryable, filter: OrderListFilter, page: PageRequest<readonly [number]>): Promise<OrderRow[]> {
  return db
    .select()
    .from(loanOrders)
    .where(
      and(
        filter.borrowerId === undefined ? undefined : eq(loanOrders.borrowerId, filter.borrowerId),
        filter.status === undefined ? undefined : eq(loanOrders.statusCode, filter.status),
        filter.orderNo === undefined ? undefined : eq(loanOrders.orderNo, filter.orderNo),
        pastCursor(loanOrders.id, page, 'oldest-first'),
      ),
    )
    .orderBy(asc(loanOrders.id))
    .limit(page.limit + 1);
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

/**
 * An order whose borrower accepted a payment plan (docs/decisions/250), if it is still in `from`: its
 * next due date the plan's, the late charges waived taken off what it accrued, and its late charges
 * accrued through today, or the later day the clock reached (none are added while the plan is in force).
 */
export async function restructureOrderRow(tx: Tx, orderId: number, from: number, to: number, changes: { dueDate: string | null; waivedLateChargesMinor: number; today: string }, now: Date): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(loanOrders)
    .set({ statusCode: to, dueDate: changes.dueDate, penaltyMinor: sql`${loanOrders.penaltyMinor} - ${changes.waivedLateChargesMinor}::bigint`, penaltyThrough: sql`greatest(${loanOrders.penaltyThrough}, ${changes.today}::date)`, updatedAt: now })
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.statusCode, from)))
    .returning();
  return row;
}

/**
 * An order restated as never paid out (docs/decisions/224), if it is still in `from`: back to being
 * paid out with no dates, no late charges, no extensions, and `creditMinor` owed to the borrower.
 */
export async function restateOrderRow(tx: Tx, orderId: number, from: number, to: number, creditMinor: number, now: Date): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(loanOrders)
    .set({ statusCode: to, disbursedAt: null, dueDate: null, settledAt: null, penaltyMinor: 0, penaltyPaidMinor: 0, penaltyThrough: null, extensionsUsed: 0, creditMinor, updatedAt: now })
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

/** Records that the borrower closed the rating question unanswered; an order rated or closed before keeps what it has. */
export async function saveScoreDismissal(db: Queryable, orderId: number, now: Date): Promise<void> {
  await db
    .update(loanOrders)
    .set({ scoreDismissedAt: now, updatedAt: now })
    .where(and(eq(loanOrders.id, orderId), sql`${loanOrders.score} is null`, sql`${loanOrders.scoreDismissedAt} is null`));
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

/** Reads the order and holds it until the transaction ends: money moves on an order one at a time. */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(loanOrders).where(eq(loanOrders.id, orderId)).limit(1).for('update');
  return row;
}

/**
 * Locks every order of the borrower, in id order, as `lockOrder` locks one for a payment: an
 * account deletion holding them is serialised with any payment of the borrower's (docs/decisions/223).
 */
export async function lockOrdersOf(tx: Tx, borrowerId: number): Promise<number[]> {
  const rows = await tx.select({ id: loanOrders.id }).from(loanOrders).where(eq(loanOrders.borrowerId, borrowerId)).orderBy(asc(loanOrders.id)).for('update');
  return rows.map((row) => row.id);
}

/** The money an order holds and its status, as a payment or an extension leaves them. */
export type OrderMoney = Partial<Pick<NewOrder, 'statusCode' | 'penaltyPaidMinor' | 'creditMinor' | 'settledAt' | 'dueDate' | 'extensionsUsed'>>;

export async function saveOrderMoney(tx: Tx, orderId: number, changes: OrderMoney, now: Date): Promise<void> {
  await tx
    .update(loanOrders)
    .set({ ...changes, updatedAt: now })
    .where(eq(loanOrders.id, orderId));
}

/** The highest order id so far (0 with no orders). */
export async function lastOrderId(db: Queryable): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${loanOrders.id})` }).from(loanOrders);
  return Number(row?.id ?? 0);
}

/** An order as other modules show it (complaints): its identity, status, amount and product. */
export type OrderSummaryRow = {
  id: number;
  orderNo: string;
  statusCode: number;
  principalMinor: number;
  createdAt: Date;
  dueDate: string | null;
  productName: string;
  productLogo: string;
  /** The product's market: the currency and time zone the order is shown in. */
  market: string;
};

/** An order summary's own columns; its product's name, logo and market are the products module's. */
export type OrderSummaryColumns = Omit<OrderSummaryRow, 'productName' | 'productLogo' | 'market'> & { productId: number };

const orderColumns = {
  id: loanOrders.id,
  orderNo: loanOrders.orderNo,
  statusCode: loanOrders.statusCode,
  principalMinor: loanOrders.principalMinor,
  createdAt: loanOrders.createdAt,
  dueDate: loanOrders.dueDate,
  productId: loanOrders.productId,
};

function orderSummaries(db: Queryable) {
  return db.select(orderColumns).from(loanOrders);
}

/** The borrower's orders, newest first. */
export function listBorrowerOrderSummaries(db: Queryable, borrowerId: number): Promise<OrderSummaryColumns[]> {
  return orderSummaries(db)
    .where(eq(loanOrders.borrowerId, borrowerId))
    .orderBy(desc(loanOrders.createdAt), desc(loanOrders.id));
}

export async function findBorrowerOrderSummary(db: Queryable, borrowerId: number, orderNo: string): Promise<OrderSummaryColumns | undefined> {
  const [row] = await orderSummaries(db)
    .where(and(eq(loanOrders.borrowerId, borrowerId), eq(loanOrders.orderNo, orderNo)))
    .limit(1);
  return row;
}

/** An order as the borrower's own list shows it: with its product and whether a contract exists. */
export type BorrowerOrderRow = {
  orderNo: string;
  statusCode: number;
  principalMinor: number;
  totalRepayableMinor: number;
  createdAt: Date;
  dueDate: string | null;
  settledAt: Date | null;
  productId: number;
  hasContract: boolean;
};

/** The borrower's newest `limit` orders (and one more, to tell whether there are more), newest first. */
export function listNewestBorrowerOrders(db: Queryable, borrowerId: number, limit: number): Promise<BorrowerOrderRow[]> {
  return db
    .select({
      orderNo: loanOrders.orderNo,
      statusCode: loanOrders.statusCode,
      principalMinor: loanOrders.principalMinor,
      totalRepayableMinor: loanOrders.totalRepayableMinor,
      createdAt: loanOrders.createdAt,
      dueDate: loanOrders.dueDate,
      settledAt: loanOrders.settledAt,
      productId: loanOrders.productId,
      hasContract: loanOrders.agreementRecorded,
    })
    .from(loanOrders)
    .where(eq(loanOrders.borrowerId, borrowerId))
    .orderBy(desc(loanOrders.createdAt), desc(loanOrders.id))
    .limit(limit + 1);
}

/**
 * The next orders of a market (of its products, `productIds`), after `afterId`, that the clock may
 * have work on: due or past due and not yet overdue, or overdue and not charged up to today. Locks
 * them; orders another sweep (or a payment) holds are skipped, and that one handles them.
 */
export function lockClockBatch(tx: Tx, productIds: readonly number[], today: string, afterId: number, limit: number): Promise<OrderRow[]> {
  return tx
    .select({ order: loanOrders })
    .from(loanOrders)
    .where(
      and(
        inArray(loanOrders.productId, [...productIds]),
        gt(loanOrders.id, afterId),
        or(
          and(inArray(loanOrders.statusCode, [LoanStatus.Disbursed, LoanStatus.Due]), lte(loanOrders.dueDate, today)),
          and(eq(loanOrders.statusCode, LoanStatus.Overdue), or(isNull(loanOrders.penaltyThrough), lt(loanOrders.penaltyThrough, today))),
        ),
      ),
    )
    .orderBy(asc(loanOrders.id))
    .limit(limit)
    .for('update', { of: loanOrders, skipLocked: true })
    .then((rows) => rows.map((row) => row.order));
}

/** Which of these orders are overdue now: the others, once late, are cured (docs/decisions/242). */
export async function overdueAmong(db: Queryable, orderIds: readonly number[]): Promise<ReadonlySet<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(inArray(loanOrders.id, [...orderIds]), eq(loanOrders.statusCode, LoanStatus.Overdue)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Which of these borrowers are repeat clients: they have a settled order (their late fee is the
 * lower one). Asked for a batch's borrowers through their index, never as a subquery of the
 * batch's own query, which the planner answers by reading every settled order of the book.
 */
export async function repeatClients(db: Queryable, borrowerIds: readonly number[]): Promise<Set<number>> {
  if (borrowerIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ borrowerId: loanOrders.borrowerId })
    .from(loanOrders)
    .where(and(inArray(loanOrders.borrowerId, [...new Set(borrowerIds)]), eq(loanOrders.statusCode, LoanStatus.Settled)));
  return new Set(rows.map((row) => row.borrowerId));
}

/**
 * Moves these orders from `from` to `to` in one statement, each only if it is still in `from`
 * (a payment that got there first wins). The ids of the orders it moved.
 */
export async function moveOrdersStatus(tx: Tx, orderIds: readonly number[], from: number, to: number, now: Date): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .update(loanOrders)
    .set({ statusCode: to, updatedAt: now })
    .where(and(inArray(loanOrders.id, [...orderIds]), eq(loanOrders.statusCode, from)))
    .returning({ id: loanOrders.id });
  return rows.map((row) => row.id);
}

/**
 * Adds each order's late charges accrued up to `today`, in one statement, to those still overdue
 * and not yet charged for that day; the condition on the day makes a second sweep's attempt
 * change nothing. The ids of the orders it charged.
 */
export async function addLateCharges(tx: Tx, charges: readonly { orderId: number; amountMinor: number }[], today: string, now: Date): Promise<number[]> {
  if (charges.length === 0) return [];
  const added = sql.join(
    charges.map((c) => sql`when ${c.orderId}::integer then ${c.amountMinor}::bigint`),
    sql` `,
  );
  const rows = await tx
    .update(loanOrders)
    .set({ penaltyMinor: sql`${loanOrders.penaltyMinor} + (case ${loanOrders.id} ${added} end)`, penaltyThrough: today, updatedAt: now })
    .where(
      and(
        inArray(
          loanOrders.id,
          charges.map((c) => c.orderId),
        ),
        eq(loanOrders.statusCode, LoanStatus.Overdue),
        or(isNull(loanOrders.penaltyThrough), lt(loanOrders.penaltyThrough, today)),
      ),
    )
    .returning({ id: loanOrders.id });
  return rows.map((row) => row.id);
}

/** The numbers of the orders with these ids. */
export async function orderNumbersOf(db: Queryable, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ id: loanOrders.id, orderNo: loanOrders.orderNo }).from(loanOrders).where(inArray(loanOrders.id, [...new Set(orderIds)]));
  return new Map(rows.map((row) => [row.id, row.orderNo]));
}

/** Number and borrower of each of these orders, by id: collections shows whose late order it is (docs/decisions/243). */
export async function orderOwners(db: Queryable, orderIds: readonly number[]): Promise<Map<number, { orderNo: string; borrowerId: number }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: loanOrders.id, orderNo: loanOrders.orderNo, borrowerId: loanOrders.borrowerId })
    .from(loanOrders)
    .where(inArray(loanOrders.id, [...new Set(orderIds)]));
  return new Map(rows.map((row) => [row.id, { orderNo: row.orderNo, borrowerId: row.borrowerId }]));
}

/** Every order of the borrower, oldest first, for their data download. */
export function ordersOfBorrower(db: Queryable, borrowerId: number) {
  return db
    .select({
      id: loanOrders.id,
      orderNo: loanOrders.orderNo,
      productId: loanOrders.productId,
      statusCode: loanOrders.statusCode,
      principalMinor: loanOrders.principalMinor,
      disbursalMinor: loanOrders.disbursalMinor,
      commissionMinor: loanOrders.commissionMinor,
      interestMinor: loanOrders.interestMinor,
      taxMinor: loanOrders.taxMinor,
      discountMinor: loanOrders.discountMinor,
      totalRepayableMinor: loanOrders.totalRepayableMinor,
      penaltyMinor: loanOrders.penaltyMinor,
      penaltyPaidMinor: loanOrders.penaltyPaidMinor,
      creditMinor: loanOrders.creditMinor,
      termDays: loanOrders.termDays,
      periods: loanOrders.periods,
      extensionsUsed: loanOrders.extensionsUsed,
      dueDate: loanOrders.dueDate,
      createdAt: loanOrders.createdAt,
      approvedAt: loanOrders.approvedAt,
      disbursedAt: loanOrders.disbursedAt,
      settledAt: loanOrders.settledAt,
      score: loanOrders.score,
    })
    .from(loanOrders)
    .where(eq(loanOrders.borrowerId, borrowerId))
    .orderBy(asc(loanOrders.id));
}

export async function openOrderOf(db: Queryable, borrowerId: number, openStatuses: readonly number[]): Promise<string | undefined> {
  const [row] = await db
    .select({ orderNo: loanOrders.orderNo })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), inArray(loanOrders.statusCode, [...openStatuses])))
    .limit(1);
  return row?.orderNo;
}

/** Whether any of the borrower's orders holds money paid beyond what was owed. */
export async function anyOrderWithCredit(db: Queryable, borrowerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), gt(loanOrders.creditMinor, 0)))
    .limit(1);
  return row !== undefined;
}

/** Each order's number and product, for a set of orders, in one query. */
export function findOrderNumbersAndProducts(db: Queryable, orderIds: readonly number[]) {
  return db
    .select({ id: loanOrders.id, orderNo: loanOrders.orderNo, productId: loanOrders.productId })
    .from(loanOrders)
    .where(inArray(loanOrders.id, [...orderIds]));
}

/** The borrower's orders in these statuses (number, product, status), newest first: one read for all their products. */
export function borrowerOrdersInStatus(
  db: Queryable,
  borrowerId: number,
  statuses: readonly number[],
): Promise<{ orderNo: string; productId: number; statusCode: number }[]> {
  return db
    .select({ orderNo: loanOrders.orderNo, productId: loanOrders.productId, statusCode: loanOrders.statusCode })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), inArray(loanOrders.statusCode, [...statuses])))
    .orderBy(desc(loanOrders.createdAt));
}

/** An order as a message about it names it: its number, borrower, product and current due date. */
export type OrderRecipientRow = { id: number; orderNo: string; borrowerId: number; productId: number; dueDate: string | null };

const recipientColumns = { id: loanOrders.id, orderNo: loanOrders.orderNo, borrowerId: loanOrders.borrowerId, productId: loanOrders.productId, dueDate: loanOrders.dueDate };

/** These orders, as messages about them name them. */
export function orderRecipients(db: Queryable, orderIds: readonly number[]): Promise<OrderRecipientRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select(recipientColumns).from(loanOrders).where(inArray(loanOrders.id, [...new Set(orderIds)]));
}

/** Orders settled at or after `since`, a page by id. */
export function settledOrdersSince(db: Queryable, since: Date, afterId: number, limit: number): Promise<OrderRecipientRow[]> {
  return db
    .select(recipientColumns)
    .from(loanOrders)
    .where(and(eq(loanOrders.statusCode, LoanStatus.Settled), gte(loanOrders.settledAt, since), gt(loanOrders.id, afterId)))
    .orderBy(asc(loanOrders.id))
    .limit(limit);
}
