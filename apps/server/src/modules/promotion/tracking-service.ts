import { Limits, type PhoneMarket, type PromoFunnelDay, type PromoFunnelDays, type TrackClickQuery, type TrackVisitQuery } from '@lend/contracts';
import { addDays, dateInTimeZone, MARKET_SETTINGS } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { notFound } from '../../errors';
import { findTemplate } from './template-repository';
import { activeTemplate } from './template-service';
import {
  addToCount,
  addToExistingCount,
  countAttributions,
  dailyEventCounts,
  dailyRegistrations,
  dailySmsSent,
  funnelCounts,
  type EventCountKey,
  type PromoEventKind,
} from './tracking-repository';

/** The attribution that counts a day's hits past the first `Limits.promoAttributionsPerDay` attributions. */
export const OTHER_ATTRIBUTION = '*';

/**
 * A landing visit or Register click, added to its template's count for the day and attribution:
 * the calendar day in the promotion market's time zone, the day the funnel by day groups by
 * (docs/decisions/183). Attributions are whatever the link carries, so a day keeps a bounded number of
 * them; later ones count together under `OTHER_ATTRIBUTION`. The phone is not kept.
 */
export async function trackEvent(
  db: Queryable,
  kind: PromoEventKind,
  query: TrackVisitQuery | TrackClickQuery,
  market: PhoneMarket,
  now: Date,
): Promise<void> {
  const template = await activeTemplate(db, query.page_id);
  const key: EventCountKey = {
    day: dateInTimeZone(now, MARKET_SETTINGS[market].timeZone),
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

/**
 * A template's funnel day by day, from `from` to `to` (calendar days in the promotion market's time
 * zone, both counted; the contracts bound the range): every day of the range, a quiet day as zeros,
 * with the range's totals (docs/decisions/183).
 */
export async function templateFunnelByDay(db: Queryable, market: PhoneMarket, query: { templateId: number; from: string; to: string }): Promise<PromoFunnelDays> {
  if (!(await findTemplate(db, query.templateId))) throw notFound();
  const timeZone = MARKET_SETTINGS[market].timeZone;
  const range = { templateId: query.templateId, from: query.from, to: query.to, timeZone };
  const [events, sms, registrations] = await Promise.all([dailyEventCounts(db, range), dailySmsSent(db, range), dailyRegistrations(db, range)]);
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
