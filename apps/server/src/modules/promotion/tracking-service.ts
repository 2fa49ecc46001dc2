import { Limits, type TrackClickQuery, type TrackVisitQuery } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { notFound } from '../../errors';
import { findTemplate } from './template-repository';
import { activeTemplate } from './template-service';
import { addToCount, addToExistingCount, countAttributions, funnelCounts, type EventCountKey, type PromoEventKind } from './tracking-repository';

/** The attribution that counts a day's hits past the first `Limits.promoAttributionsPerDay` attributions. */
export const OTHER_ATTRIBUTION = '*';

/**
 * A landing visit or Register click, added to its template's count for the day (UTC) and
 * attribution. Attributions are whatever the link carries, so a day keeps a bounded number of
 * them; later ones count together under `OTHER_ATTRIBUTION`. The phone is not kept.
 */
export async function trackEvent(
  db: Queryable,
  kind: PromoEventKind,
  query: TrackVisitQuery | TrackClickQuery,
  now = new Date(),
): Promise<void> {
  const template = await activeTemplate(db, query.page_id);
  const key: EventCountKey = {
    day: now.toISOString().slice(0, 10),
    templateId: template.id,
    kind,
    clientType: query.client_type,
    userFrom: query.user_from,
    appFrom: query.app_from,
    utmTag: query.utm_tag,
  };
  if (await addToExistingCount(db, key)) return;
  const room = (await countAttributions(db, key)) < Limits.promoAttributionsPerDay;
  await addToCount(db, room ? key : { ...key, userFrom: OTHER_ATTRIBUTION, appFrom: OTHER_ATTRIBUTION, utmTag: OTHER_ATTRIBUTION });
}

/** A template's funnel; an unknown template is not found rather than a row of zeros. */
export async function templateFunnel(db: Queryable, templateId: number): ReturnType<typeof funnelCounts> {
  if (!(await findTemplate(db, templateId))) throw notFound();
  return funnelCounts(db, templateId);
}
