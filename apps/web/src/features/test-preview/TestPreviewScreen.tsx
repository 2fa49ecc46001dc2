import { languageFromFlag, type Language, type PreviewMarket } from '@lend/contracts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isAborted } from '../../lib/http/errors';
import { I18nProvider } from '../../lib/i18n';
import { borrowerCatalogues, useLanguage, usePageTitle, useT } from '../../lib/i18n/borrower';
import { usePageParams, type PageParams } from '../../lib/page-params';
import { useLocation } from '../../lib/router';
import { Loading } from '../../ui/Loading';
import { Screen } from '../../ui/Screen';
import { NotFoundScreen } from '../../ui/NotFoundScreen';
import { getPreviewDefaults } from './api/get-preview-defaults';
import { LocationCheck } from './components/LocationCheck';
import { PhotoPicker } from './components/PhotoPicker';
import { PreviewFieldsForm } from './components/PreviewFieldsForm';
import { PREVIEW_TARGETS, initialFields, previewHref, previewQuery, targetQuery, type PreviewFields } from './preview-links';
import './test-preview.css';

type State =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'ready'; fields: PreviewFields; loadFailed: boolean };

const emptyFields = (market: PreviewMarket): PreviewFields => ({
  market,
  borrowerName: '',
  userId: '',
  sessionId: '',
  deviceId: '',
  appVersion: '',
  deviceName: '',
  osVersion: '',
  advertisingId: '',
  productId: '',
  orderId: '',
  language: '',
  extensionOrderId: '',
  extensionProductId: '',
  instructionAmount: '',
  instructionPayCode: '',
  complaintOrderId: '',
  confirmUserId: '',
  confirmSessionId: '',
  confirmProductId: '',
});

/** The market the address asks for (`?market=IN`), else Mexico. */
const marketOfAddress = (search: string): PreviewMarket => (new URLSearchParams(search).get('market') === 'IN' ? 'IN' : 'MX');

/**
 * Opens any borrower page with hand-made device and session params (demo mode only: docs/decisions/061),
 * as Mexico's or India's demo borrower (docs/decisions/233).
 */
export function TestPreviewScreen() {
  const page = usePageParams();
  const { search } = useLocation();
  const [market, setMarket] = useState<PreviewMarket>(() => marketOfAddress(search));
  const [state, setState] = useState<State>({ status: 'loading' });
  // The address's values fill the first borrower's fields only: the other market's borrower has a session of their own.
  const firstPage = useRef<PageParams | null>(page);
  // The language chosen stays when another market's borrower is chosen.
  const chosenLanguage = useRef<string | null>(null);
  const language = state.status === 'ready' ? state.fields.language : (chosenLanguage.current ?? page.language);

  useEffect(() => {
    const controller = new AbortController();
    const fromAddress = firstPage.current;
    const filled = (fields: PreviewFields) => {
      const own = fromAddress ? initialFields(fields, fromAddress) : fields;
      return chosenLanguage.current === null ? own : { ...own, language: chosenLanguage.current };
    };
    setState({ status: 'loading' });
    getPreviewDefaults(market, controller.signal).then(
      (result) => {
        firstPage.current = null;
        setState(result.status === 'ok' ? { status: 'ready', fields: filled(result.defaults), loadFailed: false } : { status: 'not-found' });
      },
      (error: unknown) => {
        if (!isAborted(error)) setState({ status: 'ready', fields: filled(emptyFields(market)), loadFailed: true });
      },
    );
    return () => controller.abort();
  }, [market]);

  const chooseMarket = (next: PreviewMarket) => {
    chosenLanguage.current = language ?? null;
    setMarket(next);
  };

  if (state.status === 'not-found') return <NotFoundScreen />;
  return (
    <PreviewLanguage flag={language}>
      <PreviewContent state={state} market={market} onMarket={chooseMarket} onFields={(fields) => setState({ status: 'ready', fields, loadFailed: false })} />
    </PreviewLanguage>
  );
}

/**
 * The preview's own texts follow the language chosen in its form, as the pages it opens do. The
 * other language's texts are fetched before they are shown (the page's meanwhile), so it never waits blank.
 */
function PreviewLanguage({ flag, children }: { flag: string | undefined; children: ReactNode }) {
  const pageLanguage = useLanguage();
  const wanted = languageFromFlag(flag);
  const [, setArrived] = useState<Language | null>(null);
  useEffect(() => {
    if (borrowerCatalogues.loaded(wanted)) return;
    // A failed download leaves the page's language; choosing the language again asks anew.
    borrowerCatalogues.load(wanted).then(() => setArrived(wanted), () => undefined);
  }, [wanted]);
  return (
    <I18nProvider language={borrowerCatalogues.loaded(wanted) ? wanted : pageLanguage} catalogues={borrowerCatalogues}>
      {children}
    </I18nProvider>
  );
}

function PreviewContent({
  state,
  market,
  onMarket,
  onFields,
}: {
  state: Exclude<State, { status: 'not-found' }>;
  market: PreviewMarket;
  onMarket: (market: PreviewMarket) => void;
  onFields: (fields: PreviewFields) => void;
}) {
  const t = useT();
  const page = usePageParams();
  usePageTitle('preview.title');
  const fields = state.status === 'ready' ? state.fields : null;
  const query = useMemo(() => (fields ? previewQuery(fields, page) : null), [fields, page]);

  return (
    <Screen title={t('preview.title')}>
      <section className="card" aria-labelledby="preview-borrower">
        <h2 id="preview-borrower">{t('preview.borrower')}</h2>
        <label className="field">
          <span>{t('preview.market')}</span>
          <select name="market" value={market} onChange={(event) => onMarket(event.target.value === 'IN' ? 'IN' : 'MX')}>
            <option value="MX">{t('preview.market.MX')}</option>
            <option value="IN">{t('preview.market.IN')}</option>
          </select>
        </label>
        {fields?.borrowerName && (
          <p className="preview__borrower" data-testid="preview-borrower-name">
            {t('preview.borrowerName', { name: fields.borrowerName })}
          </p>
        )}
      </section>
      {state.status === 'loading' || !fields || !query ? (
        <Loading />
      ) : (
        <>
          {state.loadFailed && (
            <p className="card" role="alert">
              {t('preview.loadFailed')}
            </p>
          )}
          <section className="card" aria-labelledby="preview-fields">
            <h2 id="preview-fields">{t('preview.fields')}</h2>
            <PreviewFieldsForm fields={fields} onChange={onFields} />
          </section>
          <section className="card" aria-labelledby="preview-pages">
            <h2 id="preview-pages">{t('preview.pages')}</h2>
            <ul className="preview__links">
              {PREVIEW_TARGETS.map((target) => (
                <li key={target.label}>
                  <a className="button" href={previewHref(target, targetQuery(target, fields, query))} data-target={target.label}>
                    {t(target.label)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section className="card" aria-labelledby="preview-device">
            <h2 id="preview-device">{t('preview.device')}</h2>
            <PhotoPicker />
            <label className="field">
              <span>{t('preview.contactName')}</span>
              <input name="contactName" autoComplete="name" />
            </label>
            <LocationCheck />
          </section>
        </>
      )}
    </Screen>
  );
}
