import type { TrackClickQuery, TrackVisitQuery } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { activeTemplate } from './template-service';
import { insertEvent, type PromoEventKind } from './tracking-repository';

/** A landing visit or Register click, counted for its template's funnel. The phone is not kept. */
export async function trackEvent(db: Queryable, kind: PromoEventKind, query: TrackVisitQuery | TrackClickQuery): Promise<void> {
  const template = await activeTemplate(db, query.page_id);
  await insertEvent(db, {
    templateId: template.id,
    kind,
    clientType: query.client_type,
    userFrom: query.user_from,
    appFrom: query.app_from,
    utmTag: query.utm_tag,
  });
}
