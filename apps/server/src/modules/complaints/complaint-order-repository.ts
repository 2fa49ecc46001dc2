import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loanOrders, products } from '../../db/schema';

/** What the complaint screens show of an order; read from the loan tables, never written. */
export type ComplaintOrderRow = {
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

const orderColumns = {
  id: loanOrders.id,
  orderNo: loanOrders.orderNo,
  statusCode: loanOrders.statusCode,
  principalMinor: loanOrders.principalMinor,
  createdAt: loanOrders.createdAt,
  dueDate: loanOrders.dueDate,
  productName: products.name,
  productLogo: products.logoUrl,
  market: products.market,
};

function borrowerOrders(db: Queryable) {
  return db.select(orderColumns).from(loanOrders).innerJoin(products, eq(products.id, loanOrders.productId));
}

/** The borrower's orders, newest first. */
export function listBorrowerOrders(db: Queryable, borrowerId: number): Promise<ComplaintOrderRow[]> {
  return borrowerOrders(db)
    .where(eq(loanOrders.borrowerId, borrowerId))
    .orderBy(desc(loanOrders.createdAt), desc(loanOrders.id));
}

export async function findBorrowerOrderByNo(db: Queryable, borrowerId: number, orderNo: string): Promise<ComplaintOrderRow | undefined> {
  const [row] = await borrowerOrders(db)
    .where(and(eq(loanOrders.borrowerId, borrowerId), eq(loanOrders.orderNo, orderNo)))
    .limit(1);
  return row;
}

export async function findBorrowerOrderById(db: Queryable, borrowerId: number, id: number): Promise<ComplaintOrderRow | undefined> {
  const [row] = await borrowerOrders(db)
    .where(and(eq(loanOrders.borrowerId, borrowerId), eq(loanOrders.id, id)))
    .limit(1);
  return row;
}
