import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { borrowers, complaints, loanOrders, products } from '../../db/schema';

/** Complaints the lender answered at or after `since`, with the order's number and its product's market. */
export function findComplaintsRepliedSince(db: Queryable, since: Date, afterId: number, limit: number) {
  return db
    .select({
      id: complaints.id,
      folio: complaints.folio,
      replyText: sql<string>`${complaints.replyText}`,
      orderNo: loanOrders.orderNo,
      borrowerId: complaints.borrowerId,
      phone: borrowers.phone,
      market: products.market,
    })
    .from(complaints)
    .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
    .innerJoin(loanOrders, eq(loanOrders.id, complaints.orderId))
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(and(eq(complaints.status, 'replied'), gte(complaints.repliedAt, since), gt(complaints.id, afterId)))
    .orderBy(asc(complaints.id))
    .limit(limit);
}
