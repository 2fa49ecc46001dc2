import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { complaints } from '../../db/schema';

/** Complaints the lender answered at or after `since`. */
export function findComplaintsRepliedSince(db: Queryable, since: Date, afterId: number, limit: number) {
  return db
    .select({
      id: complaints.id,
      folio: complaints.folio,
      replyText: sql<string>`${complaints.replyText}`,
      orderId: complaints.orderId,
      borrowerId: complaints.borrowerId,
    })
    .from(complaints)
    .where(and(eq(complaints.status, 'replied'), gte(complaints.repliedAt, since), gt(complaints.id, afterId)))
    .orderBy(asc(complaints.id))
    .limit(limit);
}
