import { and, count, eq, sql, sum } from 'drizzle-orm';
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

/** Adds one to the key's row if it exists; false when the key has no row yet. */
export async function addToExistingCount(db: Queryable, key: EventCountKey): Promise<boolean> {
  const rows = await db
    .update(promoEventCounts)
    .set({ count: sql`${promoEventCounts.count} + 1` })
    .where(rowOf(key))
    .returning({ count: promoEventCounts.count });
  return rows.length === 1;
}

/** Adds one to the key's row, making it when it does not exist yet. */
export async function addToCount(db: Queryable, key: EventCountKey): Promise<void> {
  await db
    .insert(promoEventCounts)
    .values({ ...key, count: 1 })
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
      set: { count: sql`${promoEventCounts.count} + 1` },
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
