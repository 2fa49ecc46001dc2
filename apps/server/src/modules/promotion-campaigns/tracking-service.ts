import { Limits, type PromoFunnel, type PromoFunnelDay, type PromoFunnelDays, type TrackClickQuery, type TrackVisitQuery } from '@lend/contracts';
import { addDays, dateInTimeZone, MARKET_SETTINGS } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client';
import { notFound } from '../../errors';
import { EventCountBuffer } from './event-count-buffer';
import { findTemplate } from './template-repository';
import type { CampaignDeps } from './campaign-deps';
import {
  addToCount,
  addToExistingCount,
  countAttributions,
  dailyEventCounts,
  eventTotal,
  type EventCountKey,
  type PromoEventKind,
} from './tracking-repository';

/** The attribution that counts a day's hits past the first `Limits.promoAttributionsPerDay` attributions. */
export const OTHER_ATTRIBUTION = '*';

/** The key's row of the catch-all attribution. */
export const catchAllOf = (key: EventCountKey): EventCountKey => ({ ...key, userFrom: OTHER_ATTRIBUTION, appFrom: OTHER_ATTRIBUTION, utmTag: OTHER_ATTRIBUTION });

/**
 * A landing visit or Register click, counted for its template, day and attribution: the calendar day
 * in the template's market's time zone, the day the funnel by day groups by (docs/decisions/183, 232). The
 * count is written with this process's others within a second (docs/decisions/206). The phone is
 * not kept.
 */
export async function trackEvent(deps: CampaignDeps, kind: PromoEventKind, query: TrackVisitQuery | TrackClickQuery): Promise<void> {
  const template = await deps.templates.get(query.page_id);
  deps.eventCounts.add({
    day: dateInTimeZone(deps.now(), MARKET_SETTINGS[template.market].timeZone),
    templateId: template.id,
    kind,
    clientType: query.client_type,
    userFrom: query.user_from,
    appFrom: query.app_from,
    utmTag: query.utm_tag,
  });
}

/**
 * Hits added to a key's row. Attributions are whatever the link carries, so a day keeps a bounded
 * number of them; later ones count together under `OTHER_ATTRIBUTION`.
 */
export async function addEventHits(db: Queryable, key: EventCountKey, hits: number): Promise<void> {
  if (await addToExistingCount(db, key, hits)) return;
  const room = (await countAttributions(db, key)) < Limits.promoAttributionsPerDay;
  await addToCount(db, room ? key : catchAllOf(key), hits);
}

/** The landing's counts of a process, written to the database (docs/decisions/206). */
export const eventCountsOf = (db: Queryable, log: FastifyBaseLogger): EventCountBuffer => new EventCountBuffer((key, hits) => addEventHits(db, key, hits), log, catchAllOf);

/**
 * A template's funnel; an unknown template is not found rather than a row of zeros. This process's
 * counts are written first; another server's show within a second (docs/decisions/206).
 */
export async function templateFunnel(deps: CampaignDeps, templateId: number): Promise<PromoFunnel> {
  const { db, signUps } = deps;
  if (!(await findTemplate(db, templateId))) throw notFound();
  await deps.eventCounts.flush();
  const [visits, clicks, smsSent, registrations] = await Promise.all([
    eventTotal(db, templateId, 'visit'),
    eventTotal(db, templateId, 'click'),
    signUps.smsSent(db, templateId),
    signUps.registrations(db, templateId),
  ]);
  return { templateId, visits, clicks, smsSent, registrations };
}

/**
 * A template's funnel day by day, from `from` to `to` (calendar days in the template's market's time
 * zone, both counted; the contracts bound the range): every day of the range, a quiet day as zeros,
 * with the range's totals (docs/decisions/183, 232).
 */
export async function templateFunnelByDay(deps: CampaignDeps, query: { templateId: number; from: string; to: string }): Promise<PromoFunnelDays> {
  const { db } = deps;
  const template = await findTemplate(db, query.templateId);
  if (!template) throw notFound();
  await deps.eventCounts.flush();
  const timeZone = MARKET_SETTINGS[template.market].timeZone;
  const range = { templateId: query.templateId, from: query.from, to: query.to, timeZone };
  const [events, sms, registrations] = await Promise.all([dailyEventCounts(db, range), deps.signUps.dailySmsSent(db, range), deps.signUps.dailyRegistrations(db, range)]);
  const days: PromoFunnelDay[] = [];
  for (let day = query.from; day <= query.to; day = addDays(day, 1)) {
    days.push({
      day,
      visits: events.get(`${day} visit`) ?? 0,
      clicks: events.get(`${day} click`) ?? 0,
      smsSent: sms.get(day) ?? 0,
      registrations: registrations.get(day) ?? 0,
    });
  }
  const total = (figure: keyof Omit<PromoFunnelDay, 'day'>) => days.reduce((sum, day) => sum + day[figure], 0);
  return {
    templateId: query.templateId,
    timeZone,
    from: query.from,
    to: query.to,
    days,
    totals: { visits: total('visits'), clicks: total('clicks'), smsSent: total('smsSent'), registrations: total('registrations') },
  };
}
