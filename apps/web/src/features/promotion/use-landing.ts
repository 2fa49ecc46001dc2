import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from '../../lib/router';
import type { PromoLanding } from '@lend/contracts';
import { isAborted } from '../../lib/http/errors';
import { useT } from '../../lib/i18n/hash';
import { getSid } from './api/get-sid';
import { getTemplate } from './api/get-template';
import { settledPrefetch, takePrefetched } from '../../lib/prefetch';
import { isOk, type PromotionReply } from './api/promotion-client';
import { landingRequests, pageReply } from './landing-frame';
import { clientTypeOf, readLandingParams } from './landing-params';

export type LandingLoad =
  | { status: 'loading' }
  | { status: 'ready'; landing: PromoLanding; sid: string }
  | { status: 'failed'; message: string };

/** What the two answers make of the landing. */
function landingLoad(template: PromotionReply<PromoLanding>, visitor: PromotionReply<{ sid: string }>): LandingLoad {
  if (!isOk(template) || !template.data) return { status: 'failed', message: template.message };
  if (!isOk(visitor) || !visitor.data) return { status: 'failed', message: visitor.message };
  return { status: 'ready', landing: template.data, sid: visitor.data.sid };
}

/**
 * The landing as the site root's page already has it: both of its answers in (the page painted
 * its frame from them), taken so that the first render is the landing itself (docs/decisions/101).
 */
function landingInPage(templateId: string, withSid: boolean): LandingLoad | undefined {
  if (!templateId || !withSid || typeof window === 'undefined') return undefined;
  const requests = landingRequests(templateId);
  const [template, visitor] = requests.map((request) => pageReply(settledPrefetch(request)?.value));
  if (!template || !visitor) return undefined;
  for (const request of requests) void takePrefetched(request);
  return landingLoad(template as PromotionReply<PromoLanding>, visitor as PromotionReply<{ sid: string }>);
}

/**
 * Loads the template (and, for the form, a visitor sid) in parallel: one round trip on a slow
 * network; the site root's page may have sent both already. A missing id, a refusal or a network
 * failure ends in a message for the visitor.
 */
export function useLanding(templateId: string, withSid: boolean): LandingLoad {
  const t = useT();
  const [fromPage] = useState(() => landingInPage(templateId, withSid));
  const [load, setLoad] = useState<LandingLoad>(fromPage ?? { status: 'loading' });
  // The page's answers decided this template: no call for it (StrictMode runs effects twice).
  const decided = useRef(fromPage ? `${templateId}:${withSid}` : '');

  useEffect(() => {
    if (!templateId) {
      setLoad({ status: 'failed', message: t('promo.unavailable') });
      return;
    }
    if (decided.current === `${templateId}:${withSid}`) return;
    decided.current = '';
    setLoad({ status: 'loading' });
    const controller = new AbortController();
    const sid = withSid ? getSid(templateId, controller.signal, true) : Promise.resolve({ code: '0', message: '', data: { sid: '' } });
    Promise.all([getTemplate(templateId, controller.signal, true), sid]).then(
      ([template, visitor]) => setLoad(landingLoad(template, visitor)),
      (error: unknown) => {
        if (!isAborted(error)) setLoad({ status: 'failed', message: t('errors.network') });
      },
    );
    return () => controller.abort();
  }, [templateId, withSid, t]);

  return load;
}

/** What both promotion pages read: the address query, the campaign parameters, the platform and the template. */
export function useLandingPage(withSid: boolean) {
  const { search } = useLocation();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const params = useMemo(() => readLandingParams(query), [query]);
  const clientType = useMemo(() => clientTypeOf(navigator.userAgent), []);
  const load = useLanding(params.templateId, withSid);
  return { query, params, clientType, load };
}
