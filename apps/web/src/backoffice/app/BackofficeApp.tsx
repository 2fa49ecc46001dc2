import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { OperatorRoutes, StaffLimits, type Language, type StaffMe } from '@lend/contracts';
import { backofficeCatalogues, I18nProvider, useT } from '../../lib/i18n/backoffice';
import { ApplicationPage } from '../features/applications/ApplicationPage';
import { APPLICATIONS_PATH, ApplicationsList } from '../features/applications/ApplicationsList';
import { AuditLog, AUDIT_PATH } from '../features/audit/AuditLog';
import { BOOK_HEALTH_PATH, BookHealthSection } from '../features/book-health/BookHealthSection';
import { CAMPAIGNS_PATH, CampaignsSection } from '../features/campaigns/CampaignsSection';
import { BorrowerPage } from '../features/borrowers/BorrowerPage';
import { BORROWERS_PATH, BorrowerSearch } from '../features/borrowers/BorrowerSearch';
import { CollectionFile } from '../features/collections/CollectionFile';
import { CollectionsQueue } from '../features/collections/CollectionsQueue';
import { COLLECTIONS_PATH } from '../features/collections/collection-rules';
import { ComplaintPage } from '../features/complaints/ComplaintPage';
import { COMPLAINTS_PATH, ComplaintsInbox } from '../features/complaints/ComplaintsInbox';
import { ConfigurationSection } from '../features/configuration/ConfigurationSection';
import { CONFIGURATION_PATH } from '../features/configuration/config-views';
import { CONTACT_MESSAGES_PATH, ContactMessages } from '../features/contact-messages/ContactMessages';
import { PrivacyRequestPage } from '../features/privacy/PrivacyRequestPage';
import { PRIVACY_REQUESTS_PATH, PrivacyRequests } from '../features/privacy/PrivacyRequests';
import { PAYMENTS_PATH, PaymentsSection } from '../features/payments/PaymentsSection';
import { OrderPage } from '../features/orders/OrderPage';
import { OrdersQueue } from '../features/orders/OrdersQueue';
import { PasswordChange } from '../features/sign-in/PasswordChange';
import { SignIn } from '../features/sign-in/SignIn';
import { STAFF_PATH, StaffAccounts } from '../features/staff/StaffAccounts';
import { BackofficeContext } from '../lib/backoffice-context';
import { navigate, useHashLocation } from '../lib/hash-location';
import { ORDERS_PATH } from '../lib/orders-path';
import { createOperatorApi, type OperatorApi } from '../lib/operator-api';
import { LanguageSwitch } from './LanguageSwitch';
import { Layout } from './Layout';
import { sectionOf, sectionsFor } from './sections';

const LANGUAGE_KEY = 'lend.backoffice.language';

/** The reader's language: their last choice here, else the browser's. */
export function initialLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(LANGUAGE_KEY);
  if (saved === 'en' || saved === 'es') return saved;
  return globalThis.navigator?.language?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

type Notice = 'session-ended' | 'signed-out' | null;
type State = { kind: 'checking' } | { kind: 'signed-out'; notice: Notice } | { kind: 'signed-in'; me: StaffMe };

function Screen({ me, path, params }: { me: StaffMe; path: string; params: URLSearchParams }) {
  const t = useT();
  const section = sectionOf(path);
  const first = sectionsFor(me.role)[0];
  useEffect(() => {
    if (path === '/' && first) navigate(first.path);
  }, [path, first]);
  if (!section) return path === '/' ? null : <p role="alert">{t('notFound.title')}</p>;
  if (!section.roles.includes(me.role)) return <p role="alert">{t('bo.notAllowed')}</p>;
  if (section.path === COMPLAINTS_PATH) {
    const folio = path.slice(COMPLAINTS_PATH.length + 1);
    return folio ? <ComplaintPage folio={folio} /> : <ComplaintsInbox location={{ path, params }} />;
  }
  if (section.path === AUDIT_PATH) return <AuditLog location={{ path, params }} />;
  const rest = path.split('/')[2] ?? '';
  if (section.path === CONTACT_MESSAGES_PATH) return <ContactMessages location={{ path, params }} />;
  if (section.path === PRIVACY_REQUESTS_PATH) return rest ? <PrivacyRequestPage folio={rest} /> : <PrivacyRequests location={{ path, params }} />;
  if (section.path === BORROWERS_PATH) return rest ? <BorrowerPage userId={rest} /> : <BorrowerSearch location={{ path, params }} />;
  if (section.path === STAFF_PATH) return <StaffAccounts />;
  if (section.path === APPLICATIONS_PATH) {
    const decisionId = path.slice(APPLICATIONS_PATH.length + 1);
    return decisionId ? <ApplicationPage key={decisionId} decisionId={decisionId} /> : <ApplicationsList />;
  }
  if (section.path === ORDERS_PATH) {
    const orderNo = path.slice(ORDERS_PATH.length + 1);
    return orderNo ? <OrderPage key={orderNo} orderNo={orderNo} /> : <OrdersQueue location={{ path, params }} />;
  }
  if (section.path === COLLECTIONS_PATH) return rest ? <CollectionFile key={rest} orderNo={rest} /> : <CollectionsQueue location={{ path, params }} />;
  if (section.path === BOOK_HEALTH_PATH) return <BookHealthSection location={{ path, params }} />;
  if (section.path === PAYMENTS_PATH) return <PaymentsSection location={{ path, params }} />;
  if (section.path === CONFIGURATION_PATH) return <ConfigurationSection location={{ path, params }} />;
  if (section.path === CAMPAIGNS_PATH) return <CampaignsSection location={{ path, params }} />;
  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t(section.label)}</h1>
      <p>{t('bo.comingSoon')}</p>
    </section>
  );
}

function Content({
  state,
  api,
  language,
  onLanguage,
  onStepToken,
  onSignedIn,
  onSignOut,
}: {
  state: State;
  api: OperatorApi;
  language: Language;
  onLanguage: (language: Language) => void;
  onStepToken: (token: string) => void;
  onSignedIn: (me: StaffMe) => void;
  onSignOut: () => void;
}) {
  const t = useT();
  const location = useHashLocation();
  const context = useMemo(() => (state.kind === 'signed-in' ? { api, me: state.me, language } : null), [api, state, language]);
  if (state.kind === 'checking') return <p role="status">{t('common.loading')}</p>;
  if (state.kind === 'signed-out') {
    const notice =
      state.notice === 'session-ended' ? t('bo.signIn.sessionEnded', { minutes: StaffLimits.idleMinutes }) : state.notice === 'signed-out' ? t('bo.signIn.signedOut') : null;
    return (
      <>
        <div className="bo-sign-in__language">
          <LanguageSwitch onLanguage={onLanguage} />
        </div>
        <SignIn api={api} notice={notice} onStepToken={onStepToken} onSignedIn={onSignedIn} />
      </>
    );
  }
  if (state.me.mustChangePassword) return <PasswordChange api={api} onChanged={onSignedIn} />;
  return (
    <BackofficeContext.Provider value={context}>
      <Layout me={state.me} path={location.path} onLanguage={onLanguage} onSignOut={onSignOut}>
        <Screen me={state.me} path={location.path} params={location.params} />
      </Layout>
    </BackofficeContext.Provider>
  );
}

/**
 * The back office (docs/decisions/166, 167): asks the server who is signed in, shows the sign-in
 * until someone is, and shows it again, with a word why, as soon as any call finds the session
 * ended (the server ends it after 15 minutes without a call).
 */
export function BackofficeApp({ startLanguage }: { startLanguage: Language }) {
  const [language, setLanguage] = useState<Language>(startLanguage);
  const [state, setState] = useState<State>({ kind: 'checking' });
  const languageRef = useRef(language);
  languageRef.current = language;
  const csrf = useRef<string | null>(null);

  const api = useMemo(
    () =>
      createOperatorApi({
        language: () => languageRef.current,
        csrfToken: () => csrf.current,
        onSessionEnded: () => {
          csrf.current = null;
          setState((now) => (now.kind === 'signed-in' ? { kind: 'signed-out', notice: 'session-ended' } : now));
        },
        networkMessage: () => backofficeCatalogues.loaded(languageRef.current)?.['errors.network'] ?? 'Network error',
      }),
    [],
  );

  const signedIn = (me: StaffMe) => {
    csrf.current = me.csrfToken;
    setState({ kind: 'signed-in', me });
  };

  useEffect(() => {
    api.call(OperatorRoutes.staffMe).then(signedIn, () => setState({ kind: 'signed-out', notice: null }));
  }, [api]);

  // The other catalogue is downloaded before the switch, so the screen never waits without its texts.
  const changeLanguage = (next: Language) => {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, next);
    void backofficeCatalogues.load(next).then(() => setLanguage(next));
  };

  const signOut = () => {
    void api
      .call(OperatorRoutes.staffSignOut)
      .catch(() => undefined)
      .then(() => {
        csrf.current = null;
        setState({ kind: 'signed-out', notice: 'signed-out' });
      });
  };

  return (
    <I18nProvider language={language} catalogues={backofficeCatalogues}>
      <Suspense fallback={<p role="status">{backofficeCatalogues.loaded(language)?.['common.loading']}</p>}>
        <Content
          state={state}
          api={api}
          language={language}
          onLanguage={changeLanguage}
          onStepToken={(token) => (csrf.current = token)}
          onSignedIn={signedIn}
          onSignOut={signOut}
        />
      </Suspense>
    </I18nProvider>
  );
}
