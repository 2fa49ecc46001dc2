import { useEffect, useMemo, useState } from 'react';
import { useLocation } from '../../lib/router';
import type { PromoLanding } from '@lend/contracts';
import { isAborted } from '../../lib/http/errors';
import { useT } from '../../lib/i18n/hash';
import { getSid } from './api/get-sid';
import { getTemplate } from './api/get-template';
import { isOk } from './api/promotion-client';
import { clientTypeOf, readLandingParams } from './landing-params';

export type LandingLoad =
  | { status: 'loading' }
  | { status: 'ready'; landing: PromoLanding; sid: string }
  | { status: 'failed'; message: string };

/**
 * Loads the template (and, for the form, a visitor sid) in parallel: one round trip on a slow
 * network. A missing id, a refusal or a network failure ends in a message for the visitor.
 */
export function useLanding(templateId: string, withSid: boolean): LandingLoad {
  const t = useT();
  const [load, setLoad] = useState<LandingLoad>({ status: 'loading' });

  useEffect(() => {
    if (!templateId) {
      setLoad({ status: 'failed', message: t('promo.unavailable') });
      return;
    }
    setLoad({ status: 'loading' });
    const controller = new AbortController();
    const sid = withSid ? getSid(templateId, controller.signal) : Promise.resolve({ code: '0', message: '', data: { sid: '' } });
    Promise.all([getTemplate(templateId, controller.signal), sid]).then(
      ([template, visitor]) => {
        if (!isOk(template) || !template.data) return setLoad({ status: 'failed', message: template.message });
        if (!isOk(visitor) || !visitor.data) return setLoad({ status: 'failed', message: visitor.message });
        setLoad({ status: 'ready', landing: template.data, sid: visitor.data.sid });
      },
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
