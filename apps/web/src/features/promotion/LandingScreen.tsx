import { useEffect, useRef } from 'react';
import { useT, usePageTitle } from '../../lib/i18n/hash';
import { trackVisit } from './api/track';
import { LandingForm } from './components/LandingForm';
import { LandingUnavailable } from './components/LandingUnavailable';
import { LandingLoading, LandingPage } from './components/PromoHero';
import type { LandingVariant } from './landing-params';
import { useLandingPage } from './use-landing';
import './promotion.css';

/** The promotion landing of a campaign link (`#/downloadTemplate` or `#/agreementTemplate`). */
function LandingScreen({ variant }: { variant: LandingVariant }) {
  const t = useT();
  usePageTitle('promo.title');
  const { query, params, clientType, load } = useLandingPage(true);
  const tracked = useRef(false);

  useEffect(() => {
    if (load.status !== 'ready') return;
    document.title = `${load.landing.title} · ${t('brand.name')}`;
    if (tracked.current) return;
    tracked.current = true;
    trackVisit(params, clientType);
  }, [load, params, clientType, t]);

  if (load.status === 'loading') return <LandingLoading />;
  if (load.status === 'failed') return <LandingUnavailable message={load.message} />;
  return (
    <LandingPage landing={load.landing}>
      <main>
        <LandingForm landing={load.landing} initialSid={load.sid} params={params} query={query} clientType={clientType} variant={variant} />
      </main>
    </LandingPage>
  );
}

export function DownloadTemplateScreen() {
  return <LandingScreen variant="download" />;
}

export function AgreementTemplateScreen() {
  return <LandingScreen variant="agreement" />;
}
