import { AppRoute, siteMarketLink, type PrivacyOverview } from '@lend/contracts';
import { useCallback, useState } from 'react';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { nativeBridge } from '../../lib/native-bridge';
import { pageHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { CallResult } from '../../ui/CallResult';
import { Screen } from '../../ui/Screen';
import { getPrivacyOverview, privacyOverviewInPage } from './api/get-privacy-overview';
import { ArcoSection } from './components/ArcoSection';
import { ConsentSection } from './components/ConsentSection';
import { DataSection } from './components/DataSection';
import { DeleteSection } from './components/DeleteSection';
import './privacy.css';

/** The privacy centre: the borrower's data, message switches, rights requests of their market and account deletion. */
export function PrivacyCentreScreen() {
  const t = useT();
  usePageTitle('privacy.title');
  const load = useCallback((signal: AbortSignal) => getPrivacyOverview(t('privacy.loading'), signal), [t]);
  const [state, replace] = useCall(load, privacyOverviewInPage);
  const [deleted, setDeleted] = useState(false);
  const params = usePageParams();

  if (deleted) {
    return (
      <Screen title={t('privacy.title')}>
        <section className="card privacy-done" role="status">
          <h2>{t('privacy.delete.done')}</h2>
          <p>{t('privacy.delete.doneBody')}</p>
          <button type="button" className="button" onClick={() => nativeBridge.goToLogin()}>
            {t('privacy.delete.leave')}
          </button>
        </section>
      </Screen>
    );
  }

  return (
    <Screen title={t('privacy.title')}>
      <p className="muted">{t('privacy.intro')}</p>
      <CallResult state={state} loadingLabel={t('privacy.loading')}>
        {(overview: PrivacyOverview) => (
          <>
            <p className="privacy-notice-link">
              {/* The borrower's market's notice, whatever the language (docs/decisions/231); with the session, so it links back here. */}
              <a href={pageHref(siteMarketLink(AppRoute.privacyNotice, overview.market), params)} data-testid="privacy-notice-link">
                {t('privacy.notice.link')}
              </a>
            </p>
            <DataSection />
            <ConsentSection market={overview.market} preferences={overview.preferences} onSaved={(preferences) => replace({ ...overview, preferences })} />
            <ArcoSection market={overview.market} requests={overview.requests} onFiled={(request) => replace({ ...overview, requests: [request, ...overview.requests] })} />
            <DeleteSection openLoan={overview.openLoan} creditHeld={overview.creditHeld} onDeleted={() => setDeleted(true)} />
          </>
        )}
      </CallResult>
    </Screen>
  );
}
