import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { promoRegistrations, promoSmsCodes } from '../../db/schema';
import type { DayRange, SignUpCounts } from '../promotion-campaigns';

async function countOf(query: Promise<{ n: number | string | null }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/** The calendar day of an instant in the time zone, as `YYYY-MM-DD`. */
const localDay = (column: AnyPgColumn, timeZone: string) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
/** The instant the day begins in the time zone. */
const dayStart = (day: string, timeZone: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
const dayAfterStart = (day: string, timeZone: string) => sql`((${day}::date) + 1)::timestamp at time zone ${timeZone}`;

/**
 * Rows of a table with a template and a creation instant counted per local day of the range, on
 * the index `(template_id, created_at)`: the range is turned into instants, not each row into a day.
 */
async function perLocalDay(db: Queryable, table: typeof promoSmsCodes | typeof promoRegistrations, range: DayRange): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: localDay(table.createdAt, range.timeZone), n: count() })
    .from(table)
    .where(and(eq(table.templateId, range.templateId), gte(table.createdAt, dayStart(range.from, range.timeZone)), lt(table.createdAt, dayAfterStart(range.to, range.timeZone))))
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

/** The sign-up codes sent and registrations made on each template, for the campaigns' funnel. */
export const signUpCounts: SignUpCounts = {
  smsSent: (db, templateId) => countOf(db.select({ n: count() }).from(promoSmsCodes).where(eq(promoSmsCodes.templateId, templateId))),
  registrations: (db, templateId) => countOf(db.select({ n: count() }).from(promoRegistrations).where(eq(promoRegistrations.templateId, templateId))),
  dailySmsSent: (db, range) => perLocalDay(db, promoSmsCodes, range),
  dailyRegistrations: (db, range) => perLocalDay(db, promoRegistrations, range),
};
