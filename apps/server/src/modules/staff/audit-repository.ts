import { and, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = Omit<typeof auditLog.$inferInsert, 'id'>;

export async function insertAudit(db: Queryable, values: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

export type AuditFilter = { actor?: string; objectType?: string; objectId?: string; from?: Date; to?: Date };

/** Newest first, one row more than the page. */
export async function auditPage(db: Queryable, filter: AuditFilter, page: PageRequest<readonly [number]>): Promise<AuditRow[]> {
  const where: (SQL | undefined)[] = [
    filter.actor === undefined ? undefined : filter.actor === 'token' ? and(eq(auditLog.actorKind, 'token'), isNull(auditLog.actorEmail)) : eq(auditLog.actorEmail, filter.actor),
    filter.objectType === undefined ? undefined : eq(auditLog.objectType, filter.objectType),
    filter.objectId === undefined ? undefined : eq(auditLog.objectId, filter.objectId),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.to === undefined ? undefined : lt(auditLog.at, filter.to),
    page.after === undefined ? undefined : lt(auditLog.id, page.after[0]),
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1);
}

