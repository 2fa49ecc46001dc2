import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ErrorCode, OperatorRoutes, type OperatorCallData, type StaffMe } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { OperatorCallError, type OperatorApi } from '../../lib/operator-api';
import { ErrorLine } from '../../ui/FormParts';

const QrCode = lazy(() => import('../../ui/QrCode'));

type SignInStep = OperatorCallData<typeof OperatorRoutes.staffSignIn>;

export type SignInProps = {
  api: OperatorApi;
  /** Why the sign-in shows: the session ended, or the person signed out. */
  notice: string | null;
  /** The password step's CSRF token, which the code step sends back. */
  onStepToken: (token: string) => void;
  onSignedIn: (me: StaffMe) => void;
};

const messageOf = (error: unknown, fallback: string) => (error instanceof OperatorCallError && error.message ? error.message : fallback);

/**
 * The staff sign-in (docs/decisions/167): e-mail and password, then the authenticator's code; the
 * first time, the authenticator's enrolment (its QR code drawn here, and the secret as text) with
 * its first code. The server's refusals (wrong credentials, a locked account, a wrong code) come in
 * the reader's language and are shown as they are.
 */
export function SignIn({ api, notice, onStepToken, onSignedIn }: SignInProps) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<SignInStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      if (failure instanceof OperatorCallError && failure.code === ErrorCode.StaffSignInStepMissing) {
        setStep(null);
        setCode('');
        setError(t('bo.signIn.stepExpired'));
      } else {
        setError(messageOf(failure, t('errors.network')));
      }
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await api.call(OperatorRoutes.staffSignIn, { body: { email, password } });
      onStepToken(answer.csrfToken);
      setPassword('');
      setCode('');
      setStep(answer);
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onSignedIn(await api.call(OperatorRoutes.staffSignInTotp, { body: { code } })));
  };

  const startOver = () => {
    setStep(null);
    setCode('');
    setError(null);
  };

  return (
    <main className="bo-sign-in" id="content">
      <h1>{t('bo.title')}</h1>
      <section className="bo-card" aria-labelledby="bo-sign-in-heading">
        {notice && !error ? (
          <p className="bo-notice" role="status">
            {notice}
          </p>
        ) : null}
        <ErrorLine message={error} />
        {/* Keyed: the two forms share no element, so no field keeps the other's limits (the code's length). */}
        {step === null ? (
          <form key="password" onSubmit={submitPassword}>
            <h2 id="bo-sign-in-heading">{t('bo.signIn.title')}</h2>
            <label>
              {t('bo.signIn.email')}
              <input type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
            </label>
            <label>
              {t('bo.signIn.password')}
              <input
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
            </label>
            <button type="submit" className="bo-primary" disabled={busy}>
              {t('bo.signIn.submit')}
            </button>
          </form>
        ) : (
          <form key="code" onSubmit={submitCode}>
            <h2 id="bo-sign-in-heading">{step.enrolment ? t('bo.signIn.enrolTitle') : t('bo.signIn.codeTitle')}</h2>
            {step.enrolment ? (
              <div className="bo-enrol">
                <p>{t('bo.signIn.enrolIntro')}</p>
                <Suspense fallback={<div className="bo-qr" aria-busy="true" />}>
                  <QrCode text={step.enrolment.otpauthUri} alt={t('bo.signIn.qrAlt')} />
                </Suspense>
                <p>
                  {t('bo.signIn.secret')}: <code data-secret="">{step.enrolment.secret}</code>
                </p>
              </div>
            ) : null}
            <label>
              {t('bo.signIn.code')}
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                required
                value={code}
                onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
              />
            </label>
            <button type="submit" className="bo-primary" disabled={busy}>
              {t('bo.signIn.codeSubmit')}
            </button>
            <button type="button" className="bo-link" onClick={startOver}>
              {t('bo.signIn.startOver')}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
