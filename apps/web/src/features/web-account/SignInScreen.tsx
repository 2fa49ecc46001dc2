import { useState, type FormEvent } from 'react';
import { e164Phone, flagFromLanguage, MARKET_LANGUAGE, PHONE_MARKETS, PHONE_RULES, SIGN_IN_NEXT_PARAM, signInNext, type PhoneMarket } from '@lend/contracts';
import { ApiError } from '../../lib/http/errors';
import { useLanguage, usePageTitle, useT } from '../../lib/i18n/borrower';
import { useLocation } from '../../lib/router';
import { withParams } from '../../lib/url-params';
import { Countdown } from '../../ui/Countdown';
import { FieldProblem } from '../../ui/FieldProblem';
import { useCountdown } from '../../ui/countdown';
import { Screen } from '../../ui/Screen';
import { sendSignInCode, signInOnTheWeb } from './api/web-account';
import { browserDeviceId } from './browser-device';
import './web-account.css';

const CODE_LENGTH = 6;

/** The market a visitor signs in to: the address's `?market=`, else the one of the page's language. */
function startingMarket(search: string, language: 'en' | 'es'): PhoneMarket {
  const asked = new URLSearchParams(search).get('market')?.toUpperCase();
  return PHONE_MARKETS.find((market) => market === asked) ?? (language === 'en' ? 'IN' : 'MX');
}

/** Where the signed-in borrower goes: the page that sent them here, in the language they read. */
export function nextAddress(search: string, language: 'en' | 'es'): string {
  const next = signInNext(new URLSearchParams(search).get(SIGN_IN_NEXT_PARAM));
  const [path = next, query = ''] = next.split('#')[0]?.split('?') ?? [];
  return new URLSearchParams(query).has('language') || path.length === 0 ? next : withParams(next, { language: flagFromLanguage(language) });
}

/**
 * Sign-in in a phone's browser (docs/decisions/239): the country, the mobile number, the code
 * texted to it; then the page the visitor came from (`?next=`), or their loans. The session is a
 * cookie the page never reads; every refusal is said next to its field, in the page's language.
 */
export function SignInScreen() {
  const t = useT();
  const language = useLanguage();
  usePageTitle('signIn.title');
  const { search } = useLocation();
  const [market, setMarket] = useState<PhoneMarket>(() => startingMarket(search, language));
  const [phone, setPhone] = useState('');
  const [phoneProblem, setPhoneProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ e164: string; resendAfterSeconds: number; expiresInSeconds: number } | null>(null);
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = useCountdown(sent?.resendAfterSeconds ?? 0);
  const rule = PHONE_RULES[market];

  const failure = (error: unknown) => (error instanceof ApiError ? error.message : t('signIn.offline'));

  const askForCode = async () => {
    const e164 = e164Phone(phone, market);
    if (!e164) {
      setPhoneProblem(rule.hint[language]);
      return;
    }
    setBusy(true);
    setPhoneProblem(null);
    try {
      const answer = await sendSignInCode({ phone, market, deviceId: browserDeviceId() });
      setSent({ e164, ...answer });
      setCode('');
      setCodeProblem(null);
      resend.restart();
    } catch (error) {
      setPhoneProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };

  const onPhoneSubmit = (event: FormEvent) => {
    event.preventDefault();
    void askForCode();
  };

  const onCodeSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setCodeProblem(t('signIn.codeInvalid'));
      return;
    }
    setBusy(true);
    setCodeProblem(null);
    try {
      await signInOnTheWeb({ phone, market, code, deviceId: browserDeviceId() });
      // A whole page load: the next page is rendered by the server with the new session's data.
      window.location.assign(nextAddress(search, language));
    } catch (error) {
      setCodeProblem(failure(error));
      setBusy(false);
    }
  };

  return (
    <Screen title={t('signIn.title')}>
      <p className="muted">{t('signIn.intro')}</p>
      {sent === null ? (
        <form className="card" onSubmit={onPhoneSubmit} noValidate>
          <div className="web-field">
            <label htmlFor="sign-in-market">{t('signIn.market')}</label>
            <select id="sign-in-market" className="text-input" value={market} onChange={(event) => setMarket(event.target.value === 'IN' ? 'IN' : 'MX')}>
              {PHONE_MARKETS.map((option) => (
                <option key={option} value={option} lang={MARKET_LANGUAGE[option]}>
                  {t(option === 'IN' ? 'signIn.market.IN' : 'signIn.market.MX')}
                </option>
              ))}
            </select>
          </div>
          <div className="web-field">
            <label htmlFor="sign-in-phone">{t('signIn.phone')}</label>
            <div className="web-field__phone">
              <span className="web-field__prefix" aria-hidden="true">
                {rule.countryCode}
              </span>
              <input
                id="sign-in-phone"
                className="text-input"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={20}
                value={phone}
                aria-invalid={phoneProblem ? true : undefined}
                aria-describedby="sign-in-phone-problem sign-in-phone-hint"
                onChange={(event) => setPhone(event.target.value)}
              />
            </div>
            <p id="sign-in-phone-hint" className="web-field__hint muted">
              {rule.hint[language]}
            </p>
            <FieldProblem id="sign-in-phone-problem" problem={phoneProblem} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('signIn.sending') : t('signIn.sendCode')}
          </button>
        </form>
      ) : (
        <form className="card" onSubmit={(event) => void onCodeSubmit(event)} noValidate>
          <p role="status">{t('signIn.codeSent', { phone: sent.e164, minutes: Math.max(1, Math.round(sent.expiresInSeconds / 60)) })}</p>
          <div className="web-field">
            <label htmlFor="sign-in-code">{t('signIn.code')}</label>
            <input
              id="sign-in-code"
              className="text-input web-field__input--code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={CODE_LENGTH}
              spellCheck={false}
              value={code}
              aria-invalid={codeProblem ? true : undefined}
              aria-describedby="sign-in-code-problem"
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
            />
            <FieldProblem id="sign-in-code-problem" problem={codeProblem} />
          </div>
          <div className="sign-in__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('signIn.signingIn') : t('signIn.submit')}
            </button>
            {resend.running ? (
              <span className="muted">
                {t('signIn.resendIn')} <Countdown left={resend.left} />
              </span>
            ) : (
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => void askForCode()}>
                {t('signIn.resend')}
              </button>
            )}
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                setSent(null);
                resend.reset();
              }}
            >
              {t('signIn.otherPhone')}
            </button>
          </div>
        </form>
      )}
    </Screen>
  );
}
