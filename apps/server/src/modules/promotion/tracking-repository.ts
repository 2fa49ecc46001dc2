import { and, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { promoEvents, promoRegistrations, promoSmsCodes } from '../../db/schema';

export type PromoEventKind = 'visit' | 'click';

export async function insertEvent(
  db: Queryable,
  values: { templateId: number; kind: PromoEventKind; clientType: string; userFrom: string; appFrom: string; utmTag: string },
): Promise<void> {
  await db.insert(promoEvents).values(values);
}

async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

export async function funnelCounts(db: Queryable, templateId: number) {
  const events = (kind: PromoEventKind) =>
    countOf(db.select({ n: count() }).from(promoEvents).where(and(eq(promoEvents.templateId, templateId), eq(promoEvents.kind, kind))));
  const [visits, clicks, smsSent, registrations] = await Promise.all([
    events('visit'),
    events('click'),
    countOf(db.select({ n: count() }).from(promoSmsCodes).where(eq(promoSmsCodes.templateId, templateId))),
    countOf(db.select({ n: count() }).from(promoRegistrations).where(eq(promoRegistrations.templateId, templateId))),
  ]);
  return { templateId, visits, clicks, smsSent, registrations };
}
