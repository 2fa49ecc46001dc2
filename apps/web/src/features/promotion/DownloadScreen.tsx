import { useEffect } from 'react';
import { AppRoute, flagFromLanguage } from '@lend/contracts';
import { useLanguage, useT, usePageTitle } from '../../lib/i18n/hash';
import { withParams } from '../../lib/url-params';
import { LandingUnavailable } from './components/LandingUnavailable';
import { LandingLoading, PromoHero, templateStyle } from './components/PromoHero';
import { StoreLinks } from './components/StoreLinks';
import { useLandingPage } from './use-landing';
import './promotion.css';

/** Where a visitor goes after registering, or when the number is already registered. */
export function DownloadScreen() {
  const t = useT();
  const language = useLanguage();
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
        {/* The registration signed the visitor in on the web; a registered number signs in there (docs/decisions/239). */}
        {status === 'registered' && (
          <a className="button promo__submit promo__web" href={withParams(AppRoute.webHome, { language: flagFromLanguage(language) })}>
            {t('promo.download.web')}
          </a>
        )}
        {status === 'existing' && (
          <a className="button promo__submit promo__web" href={withParams(AppRoute.signIn, { language: flagFromLanguage(language), market: load.landing.market })}>
            {t('promo.download.webSignIn')}
          </a>
        )}
        <h2 className="promo__form-title">{t('promo.download.title')}</h2>
        <StoreLinks links={load.landing.downloadLinks} clientType={clientType} />
      </main>
    </div>
  );
}
