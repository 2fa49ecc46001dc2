import { and, count, eq, gte, lt, lte, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { promoEventCounts, promoRegistrations, promoSmsCodes } from '../../db/schema';

export type PromoEventKind = 'visit' | 'click';

/** One row of the daily counts: a day, a template, a kind and an attribution. */
export type EventCountKey = {
  day: string;
  templateId: number;
  kind: PromoEventKind;
  clientType: string;
  userFrom: string;
  appFrom: string;
  utmTag: string;
};

const rowOf = (key: EventCountKey) =>
  and(
    eq(promoEventCounts.day, key.day),
    eq(promoEventCounts.templateId, key.templateId),
    eq(promoEventCounts.kind, key.kind),
    eq(promoEventCounts.clientType, key.clientType),
    eq(promoEventCounts.userFrom, key.userFrom),
    eq(promoEventCounts.appFrom, key.appFrom),
    eq(promoEventCounts.utmTag, key.utmTag),
  );

/** Adds the hits to the key's row if it exists; false when the key has no row yet. */
export async function addToExistingCount(db: Queryable, key: EventCountKey, hits: number): Promise<boolean> {
  const rows = await db
    .update(promoEventCounts)
    .set({ count: sql`${promoEventCounts.count} + ${hits}` })
    .where(rowOf(key))
    .returning({ count: promoEventCounts.count });
  return rows.length === 1;
}

/** Adds the hits to the key's row, making it when it does not exist yet. */
export async function addToCount(db: Queryable, key: EventCountKey, hits: number): Promise<void> {
  await db
    .insert(promoEventCounts)
    .values({ ...key, count: hits })
    .onConflictDoUpdate({
      target: [
        promoEventCounts.templateId,
        promoEventCounts.day,
        promoEventCounts.kind,
        promoEventCounts.clientType,
        promoEventCounts.userFrom,
        promoEventCounts.appFrom,
        promoEventCounts.utmTag,
      ],
      set: { count: sql`${promoEventCounts.count} + ${hits}` },
    });
}

/** How many rows (attributions) a template's kind holds for a day. */
export async function countAttributions(db: Queryable, key: Pick<EventCountKey, 'day' | 'templateId' | 'kind'>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promoEventCounts)
    .where(and(eq(promoEventCounts.day, key.day), eq(promoEventCounts.templateId, key.templateId), eq(promoEventCounts.kind, key.kind)));
  return Number(row?.n ?? 0);
}

async function countOf(query: Promise<{ n: number | string | null }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

export async function funnelCounts(db: Queryable, templateId: number) {
  const events = (kind: PromoEventKind) =>
    countOf(
      db
        .select({ n: sum(promoEventCounts.count) })
        .from(promoEventCounts)
        .where(and(eq(promoEventCounts.templateId, templateId), eq(promoEventCounts.kind, kind))),
    );
  const [visits, clicks, smsSent, registrations] = await Promise.all([
    events('visit'),
    events('click'),
    countOf(db.select({ n: count() }).from(promoSmsCodes).where(eq(promoSmsCodes.templateId, templateId))),
    countOf(db.select({ n: count() }).from(promoRegistrations).where(eq(promoRegistrations.templateId, templateId))),
  ]);
  return { templateId, visits, clicks, smsSent, registrations };
}

/** A template's range of calendar days in a time zone, both ends counted. */
export type DayRange = { templateId: number; from: string; to: string; timeZone: string };

/** The calendar day of an instant in the time zone, as `YYYY-MM-DD`. */
const localDay = (column: AnyPgColumn, timeZone: string) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
/** The instant the day begins in the time zone. */
const dayStart = (day: string, timeZone: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
const dayAfterStart = (day: string, timeZone: string) => sql`((${day}::date) + 1)::timestamp at time zone ${timeZone}`;

/** Visits and clicks per day in the range, keyed `"<day> <kind>"`: read on the table's key (template, day, …). */
export async function dailyEventCounts(db: Queryable, range: DayRange): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: promoEventCounts.day, kind: promoEventCounts.kind, n: sum(promoEventCounts.count) })
    .from(promoEventCounts)
    .where(and(eq(promoEventCounts.templateId, range.templateId), gte(promoEventCounts.day, range.from), lte(promoEventCounts.day, range.to)))
    .groupBy(promoEventCounts.day, promoEventCounts.kind);
  return new Map(rows.map((row) => [`${row.day} ${row.kind}`, Number(row.n ?? 0)]));
}

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

/** Sign-up codes sent per local day of the range. */
export const dailySmsSent = (db: Queryable, range: DayRange) => perLocalDay(db, promoSmsCodes, range);
/** Registrations per local day of the range. */
export const dailyRegistrations = (db: Queryable, range: DayRange) => perLocalDay(db, promoRegistrations, range);
