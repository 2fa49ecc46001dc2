import { useEffect } from 'react';
import { useT, usePageTitle } from '../../lib/i18n/hash';
import { LandingUnavailable } from './components/LandingUnavailable';
import { LandingLoading, PromoHero, templateStyle } from './components/PromoHero';
import { StoreLinks } from './components/StoreLinks';
import { useLandingPage } from './use-landing';
import './promotion.css';

/** Where a visitor goes after registering, or when the number is already registered. */
export function DownloadScreen() {
  const t = useT();
  usePageTitle('promo.download.title');
  const { query, clientType, load } = useLandingPage(false);
  const status = query.get('status');
  const heading =
    status === 'existing' ? t('promo.download.existing') : status === 'registered' ? t('promo.download.registered') : t('promo.download.title');

  useEffect(() => {
    if (load.status === 'ready') document.title = `${heading} · ${t('brand.name')}`;
  }, [load.status, heading, t]);

  if (load.status === 'loading') return <LandingLoading />;
  if (load.status === 'failed') return <LandingUnavailable message={load.message} />;
  return (
    <div className="promo" style={templateStyle(load.landing)}>
      <PromoHero landing={load.landing} heading={heading}>
        <p className="promo__headline">{t('promo.download.body')}</p>
      </PromoHero>
      <main className="promo__form">
        <h2 className="promo__form-title">{t('promo.download.title')}</h2>
        <StoreLinks links={load.landing.downloadLinks} clientType={clientType} />
      </main>
    </div>
  );
}
