import { desc } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { settlementReports } from '../../db/schema';

export type SettlementReportRow = typeof settlementReports.$inferSelect;
export type NewSettlementReport = Omit<typeof settlementReports.$inferInsert, 'id' | 'createdAt'>;

/** Stores the day's report of the provider, replacing an earlier run of the same day. */
export async function saveReport(db: Queryable, report: NewSettlementReport, now: Date): Promise<SettlementReportRow> {
  const [row] = await db
    .insert(settlementReports)
    .values({ ...report, createdAt: now })
    .onConflictDoUpdate({
      target: [settlementReports.provider, settlementReports.day],
      set: {
        matchedCount: report.matchedCount,
        missingInLedger: report.missingInLedger,
        missingAtProvider: report.missingAtProvider,
        feeTotalMinor: report.feeTotalMinor,
        currency: report.currency ?? null,
        createdAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('settlement report not written');
  return row;
}

export function reportsPage(db: Queryable, page: PageRequest<readonly [number]>): Promise<SettlementReportRow[]> {
  return db
    .select()
    .from(settlementReports)
    .where(pastCursor(settlementReports.id, page, 'newest-first'))
    .orderBy(desc(settlementReports.id))
    .limit(page.limit + 1);
}
