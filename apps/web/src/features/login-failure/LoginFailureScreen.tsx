import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { Screen } from '../../ui/Screen';
import './login-failure.css';

/** Static page the native app opens when a joint login fails; it offers no action on purpose. */
export function LoginFailureScreen() {
  const t = useT();
  usePageTitle('loginFailure.title');
  return (
    <Screen title={t('loginFailure.title')}>
      <section className="card login-failure">
        <svg className="login-failure__icon" viewBox="0 0 64 64" width="88" height="88" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="currentColor" />
          <path d="M22 22l20 20M42 22L22 42" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
        </svg>
        <p className="login-failure__word">{t('loginFailure.word')}</p>
        <p>{t('loginFailure.body')}</p>
      </section>
    </Screen>
  );
}
