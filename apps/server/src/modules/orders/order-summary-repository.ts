import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loanOrders, products } from '../../db/schema';

/** Each order's number and its product's market, for a set of orders, in one query. */
export function findOrderNumbersAndMarkets(db: Queryable, orderIds: readonly number[]) {
  return db
    .select({ id: loanOrders.id, orderNo: loanOrders.orderNo, market: products.market })
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(inArray(loanOrders.id, [...orderIds]));
}
