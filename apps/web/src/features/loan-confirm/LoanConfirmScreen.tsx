import { Limits, type LoanConfirm } from '@lend/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { useMarketFormat } from '../../lib/format';
import { ApiError } from '../../lib/http/errors';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { nativeBridge } from '../../lib/native-bridge';
import { pageHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { toast } from '../../lib/toast';
import { DetailList } from '../../ui/DetailList';
import { CallResult } from '../../ui/CallResult';
import { Screen } from '../../ui/Screen';
import { getLoanConfirm, loanConfirmInPage, reloadLoanConfirm } from './api/get-loan-confirm';
import { AgreementCheck } from './components/AgreementCheck';
import { KeyFactsSection } from './components/KeyFactsSection';
import { OfferSummary } from './components/OfferSummary';
import { ReloadModal } from './components/ReloadModal';
import { RepaymentPlanCards } from './components/RepaymentPlanCards';
import './loan-confirm.css';

/** Loaded when the borrower sends: the call validates with zod, which the screen's first paint does without (decision 100). */
const pushCall = () => import('./api/push-loan');

/** Loan confirmation (docs/decisions/030): every cost before the one tap that confirms. */
export function LoanConfirmScreen() {
  const t = useT();
  usePageTitle('loanConfirm.title');
  const page = usePageParams();
  const { productId } = page;
  const load = useCallback(
    (signal: AbortSignal) => getLoanConfirm(productId ?? '', t('loanConfirm.loading'), signal),
    [productId, t],
  );
  const inPage = useCallback(() => loanConfirmInPage(productId ?? ''), [productId]);
  const [state, replace] = useCall(productId ? load : null, inPage);

  return (
    <Screen title={t('loanConfirm.title')}>
      <CallResult state={state} loadingLabel={t('loanConfirm.loading')}>
        {(offer) => <ConfirmContent offer={offer} onReloaded={replace} />}
      </CallResult>
    </Screen>
  );
}

function ConfirmContent({ offer, onReloaded }: { offer: LoanConfirm; onReloaded: (offer: LoanConfirm) => void }) {
  const t = useT();
  const page = usePageParams();
  const navigate = useNavigate();
  const format = useMarketFormat(offer.market);
  const [agreed, setAgreed] = useState(true);
  const [sending, setSending] = useState(false);
  const hasContract = offer.isNewContract !== '';

  // A revised offer: show the pop-up, then fetch the refreshed terms (isType=1) after 5.5 s.
  useEffect(() => {
    if (offer.isNeedPop !== 1) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      reloadLoanConfirm(String(offer.productId), { loadingText: t('loanConfirm.reloading'), signal: controller.signal }).then(
        onReloaded,
        () => undefined,
      );
    }, Limits.loanConfirmReloadMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [offer, onReloaded, t]);

  const submit = async () => {
    if (sending || (hasContract && !agreed)) return;
    setSending(true);
    try {
      const { pushLoan } = await pushCall();
      const { lendDetailsUrl } = await pushLoan(offer, t('loanConfirm.submitting'));
      nativeBridge.confirmTrackingEvent('loan_confirm', { productId: offer.productId, amount: offer.amount });
      navigate(pageHref(lendDetailsUrl, page, { from: 'confirm' }), { replace: true });
    } catch (error) {
      // The envelope toast already explained a refusal; a transport failure gets ours.
      if (!(error instanceof ApiError)) toast.show(t('errors.network'));
      setSending(false);
    }
  };

  const blocked = hasContract && !agreed;
  return (
    <>
      <OfferSummary offer={offer} format={format} />
      {offer.couNum > 0 && (
        <p className="card coupon" data-testid="coupon">
          <span>{t('loanConfirm.coupon')}</span>
          <strong>{t('loanConfirm.couponValue', { amount: format.deduction(offer.couNum) })}</strong>
        </p>
      )}
      <section className="card" aria-labelledby="details-heading">
        <h2 id="details-heading">{t('loanConfirm.details')}</h2>
        <DetailList rows={offer.details} />
      </section>
      <RepaymentPlanCards plans={offer.repay_plans} format={format} />
      {offer.market === 'IN' && <KeyFactsSection key={`${offer.amount}-${offer.termDays}-${offer.couNum}`} offer={offer} format={format} />}
      <div className="confirm__actions">
        {hasContract && (
          <AgreementCheck href={pageHref(offer.isNewContract, page)} checked={agreed} onChange={setAgreed} />
        )}
        {blocked && (
          <p className="muted confirm__hint" id="agree-hint">
            {t('loanConfirm.agreeFirst')}
          </p>
        )}
        <button
          type="button"
          className="button confirm__submit"
          disabled={blocked || sending}
          aria-describedby={blocked ? 'agree-hint' : undefined}
          onClick={() => void submit()}
        >
          {t('loanConfirm.submit')}
        </button>
      </div>
      {offer.isNeedPop === 1 && <ReloadModal description={offer.amountDec} />}
    </>
  );
}
