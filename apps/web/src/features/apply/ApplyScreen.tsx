import { AppRoute, flagFromLanguage, REFERRAL_ANSWER_WORKING_DAYS, type CreditApplication, type CreditStanding } from '@lend/contracts';
import { formatAmount, formatDate, type Market } from '@lend/domain';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/http/errors';
import { useCall } from '../../lib/http/use-call';
import { useLanguage, usePageTitle, useT } from '../../lib/i18n/borrower';
import { useSearchParams } from '../../lib/router';
import { withParams } from '../../lib/url-params';
import { CallResult } from '../../ui/CallResult';
import { FieldProblem } from '../../ui/FieldProblem';
import { Screen } from '../../ui/Screen';
import { applyFor, standingAfterApplying, standingInPage, standingOf } from './api/apply';
import './apply.css';

type Product = CreditStanding['product'];

/** The decision as the borrower reads it: the outcome, every reason, and what to do next. */
function Decision({ application, product, href }: { application: CreditApplication; product: Product; href: (path: string, extra?: Record<string, string>) => string }) {
  const t = useT();
  const market: Market = product.market;
  const [confirmUrl, setConfirmUrl] = useState(product.confirmUrl);
  const [problem, setProblem] = useState<string | null>(null);

  // The confirmation's address comes with the product once the borrower may borrow on it.
  const toConfirmation = async () => {
    try {
      const url = confirmUrl || (await standingAfterApplying(product.productId)).product.confirmUrl;
      setConfirmUrl(url);
      if (url) window.location.assign(href(url));
      else setProblem(t('errors.network'));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('errors.network'));
    }
  };

  return (
    <section className={`card apply__decision apply__decision--${application.outcome}`} data-outcome={application.outcome} data-decision={application.decisionId} aria-labelledby="apply-decision">
      <h2 id="apply-decision">{t(`apply.${application.outcome}.title`)}</h2>
      <p>{application.message}</p>
      {application.outcome === 'approved' && application.amountCeilingMinor !== null && (
        <>
          <p className="apply__ceiling">{t('apply.approved.ceiling', { amount: formatAmount(application.amountCeilingMinor, market) })}</p>
          <button type="button" className="button" onClick={() => void toConfirmation()}>
            {t('apply.approved.confirm')}
          </button>
          <FieldProblem id="apply-confirm-problem" problem={problem} />
        </>
      )}
      {application.reasons.length > 0 && (
        <>
          <h3>{t('apply.reasons')}</h3>
          <ul className="apply__reasons">
            {application.reasons.map((reason) => (
              <li key={reason.code} data-reason={reason.code}>
                {reason.text}
              </li>
            ))}
          </ul>
        </>
      )}
      {application.outcome === 'referred' && <p>{t('apply.referred.next', { days: REFERRAL_ANSWER_WORKING_DAYS })}</p>}
      {application.outcome === 'declined' && application.reapplyOn && <p className="apply__again">{t('apply.declined.again', { date: application.reapplyOn })}</p>}
      <p className="muted">{t('apply.decidedAt', { date: formatDate(new Date(application.decidedAt), market) })}</p>
    </section>
  );
}

/**
 * Applying for a product in a phone's browser (docs/decisions/241): the decision that stands is
 * shown without applying again (a reload, the back button, a second tab), else the product and the
 * button that applies. The server decides once per borrower and product, so two tabs applying at
 * once show one decision.
 */
export function ApplyScreen() {
  const t = useT();
  const language = useLanguage();
  usePageTitle('apply.title');
  const productId = useSearchParams().get('productId') ?? '';
  const load = useCallback((signal: AbortSignal) => standingOf(productId, t('apply.loading'), signal), [productId, t]);
  const inPage = useCallback(() => standingInPage(productId), [productId]);
  const [state, replace] = useCall(/^\d{1,9}$/.test(productId) ? load : null, inPage);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const languageFlag = flagFromLanguage(language);
  const href = (path: string, extra: Record<string, string> = {}) => withParams(path, { ...extra, language: languageFlag });

  const apply = async (loaded: CreditStanding) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      replace({ ...loaded, application: await applyFor(loaded.product.productId) });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('errors.network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen title={t('apply.title')}>
      <CallResult state={state} loadingLabel={t('apply.loading')} wayOn={{ service: false }}>
        {(loaded) => {
          const { product, application } = loaded;
          return (
            <>
              <h2 className="apply__product">{product.name}</h2>
              {application ? (
                <Decision application={application} product={product} href={href} />
              ) : !loaded.profileComplete ? (
                <section className="card">
                  <p>{t('apply.profileFirst')}</p>
                  <a className="button" href={href(AppRoute.onboarding, { productId: String(product.productId) })}>
                    {t('apply.completeProfile')}
                  </a>
                </section>
              ) : (
                <section className="card">
                  <p>{t('apply.intro')}</p>
                  <button type="button" className="button" onClick={() => void apply(loaded)} disabled={busy} aria-busy={busy}>
                    {busy ? t('apply.applying') : t('apply.submit', { product: product.name })}
                  </button>
                  <FieldProblem id="apply-problem" problem={problem} />
                </section>
              )}
              <a className="button button--ghost apply__back" href={href(AppRoute.webHome)}>
                {t('apply.back')}
              </a>
            </>
          );
        }}
      </CallResult>
    </Screen>
  );
}
