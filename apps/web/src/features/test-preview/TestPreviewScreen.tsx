import { useEffect, useMemo, useState } from 'react';
import { isAborted } from '../../lib/http/errors';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { usePageParams } from '../../lib/page-params';
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

const EMPTY_FIELDS: PreviewFields = {
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
};

/** Opens any borrower page with hand-made device and session params (demo mode only: docs/decisions/061). */
export function TestPreviewScreen() {
  const page = usePageParams();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getPreviewDefaults(controller.signal).then(
      (result) =>
        setState(
          result.status === 'ok'
            ? { status: 'ready', fields: initialFields(result.defaults, page), loadFailed: false }
            : { status: 'not-found' },
        ),
      (error: unknown) => {
        if (!isAborted(error)) setState({ status: 'ready', fields: initialFields(EMPTY_FIELDS, page), loadFailed: true });
      },
    );
    return () => controller.abort();
  }, [page]);

  if (state.status === 'not-found') return <NotFoundScreen />;
  return <PreviewContent state={state} onFields={(fields) => setState({ status: 'ready', fields, loadFailed: false })} />;
}

function PreviewContent({
  state,
  onFields,
}: {
  state: Exclude<State, { status: 'not-found' }>;
  onFields: (fields: PreviewFields) => void;
}) {
  const t = useT();
  const page = usePageParams();
  usePageTitle('preview.title');
  const fields = state.status === 'ready' ? state.fields : null;
  const query = useMemo(() => (fields ? previewQuery(fields, page) : null), [fields, page]);

  return (
    <Screen title={t('preview.title')}>
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
