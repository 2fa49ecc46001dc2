import { and, count, eq, gte, lte, sql, sum } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { promoEventCounts } from '../../db/schema';

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

/** Everything counted of a kind for a template. */
export async function eventTotal(db: Queryable, templateId: number, kind: PromoEventKind): Promise<number> {
  const [row] = await db
    .select({ n: sum(promoEventCounts.count) })
    .from(promoEventCounts)
    .where(and(eq(promoEventCounts.templateId, templateId), eq(promoEventCounts.kind, kind)));
  return Number(row?.n ?? 0);
}

/** A template's range of calendar days in a time zone, both ends counted. */
export type DayRange = { templateId: number; from: string; to: string; timeZone: string };

/** Visits and clicks per day in the range, keyed `"<day> <kind>"`: read on the table's key (template, day, …). */
export async function dailyEventCounts(db: Queryable, range: DayRange): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: promoEventCounts.day, kind: promoEventCounts.kind, n: sum(promoEventCounts.count) })
    .from(promoEventCounts)
    .where(and(eq(promoEventCounts.templateId, range.templateId), gte(promoEventCounts.day, range.from), lte(promoEventCounts.day, range.to)))
    .groupBy(promoEventCounts.day, promoEventCounts.kind);
  return new Map(rows.map((row) => [`${row.day} ${row.kind}`, Number(row.n ?? 0)]));
}
