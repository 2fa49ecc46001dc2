import { CardErrorCode, Limits, SendMsg, type BankCard, type CardRepaymentResult, type RepaymentWayData } from '@lend/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router';
import { useMarketFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n/hash';
import { nativeBridge } from '../../../lib/native-bridge';
import { usePageParams } from '../../../lib/page-params';
import { useCountdown } from '../../../ui/countdown';
import { useToast } from '../../../ui/toast/ToastProvider';
import type { SendMsgValue } from '../api/commit-repayment';
// Loaded when the borrower acts: the call validates with zod, which the screen's first paint does without (decision 100).
const commitCalls = () => import('../api/commit-repayment');
const confirmCalls = () => import('../api/confirm-repayment');
import { isCompleteCode } from '../card-fields';
import { addCardHref, redirectPaymentHref } from '../card-links';
import { CardList } from './CardList';
import { OrderSummary } from './OrderSummary';
import { VerifyCodeStep, type StepError } from './VerifyCodeStep';

type Props = {
  listing: RepaymentWayData;
  /** The card to preselect (the one just added), if it is among the saved cards. */
  preselectedCardId: number | undefined;
  productId: string | undefined;
  /** Shows how a repayment ended, with the server's words for a charge that did not pay. */
  onResult: (result: CardRepaymentResult, message?: string) => void;
  /** Shows where a repayment stands by asking the server (after "do not submit twice"). */
  onShowRecord: (repayRecordId: string) => void;
};

type Busy = 'pay' | 'resend' | 'confirm';

const codeOf = (code: number) => String(code);
/** Refusals that are about the code typed (wrong, expired, too many tries), not the payment. */
const CODE_REFUSALS = [CardErrorCode.CardCodeWrong, CardErrorCode.CardCodeExpired, CardErrorCode.CardCodeLocked].map(codeOf);

/**
 * Choose a saved card and pay (docs/decisions/083): a commit with sendMsg 0; when the card
 * needs a code, the verification step with its countdown; without one, the result at once.
 */
export function CardPayment({ listing, preselectedCardId, productId, onResult, onShowRecord }: Props) {
  const t = useT();
  const toast = useToast();
  const page = usePageParams();
  const format = useMarketFormat(listing.market);
  const [selectedId, setSelectedId] = useState<number | null>(() =>
    listing.bankCards.some((card) => card.id === preselectedCardId) ? (preselectedCardId ?? null) : null,
  );
  const [needsCard, setNeedsCard] = useState(false);
  const [recordId, setRecordId] = useState<string | null>(null);
  const [stepOpen, setStepOpen] = useState(false);
  const [stepError, setStepError] = useState<StepError | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<Busy | null>(null);
  // State updates land after the click: the ref stops a double tap from sending twice.
  const busyRef = useRef(false);
  const listRef = useRef<HTMLFieldSetElement>(null);
  const addCardRef = useRef<HTMLAnchorElement>(null);
  const countdown = useCountdown(Limits.smsCountdownSeconds);
  const payment = { orderId: listing.orderId, productId, amount: listing.amount };
  const selected = listing.bankCards.find((card) => card.id === selectedId);

  /** One call at a time; a transport failure is the caller's to say (`onNetworkError`). */
  const run = async (kind: Busy, task: () => Promise<void>, onNetworkError: () => void, loadingText?: string) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(kind);
    setStepError(null);
    const loading = loadingText ? toast.loading(loadingText) : undefined;
    try {
      await task();
    } catch {
      onNetworkError();
    } finally {
      loading?.hide();
      busyRef.current = false;
      setBusy(null);
    }
  };

  const closeStep = () => {
    setStepOpen(false);
    setStepError(null);
    setCode('');
    countdown.reset();
  };

  const commit = (card: BankCard, sendMsg: SendMsgValue) => {
    const resend = sendMsg === SendMsg.Resend;
    // A resend happens inside the step, which covers the page's toasts.
    const say = (message: string) => (resend ? setStepError({ message, aboutCode: false }) : toast.show(message));
    return run(
      resend ? 'resend' : 'pay',
      async () => {
        const { commitPayload, commitRepayment, refusedRecord } = await commitCalls();
        const reply = await commitRepayment(commitPayload(listing, card, sendMsg));
        if (!reply.ok) {
          const record = refusedRecord(reply);
          if (record) {
            closeStep();
            return onResult(record.result, reply.message);
          }
          countdown.reset();
          say(reply.message || t('card.detail.processingFailed'));
          return;
        }
        if (reply.data.needValid === 1) {
          setRecordId(reply.data.repayRecordId);
          setStepOpen(true);
          countdown.restart();
          return;
        }
        closeStep();
        // Without a code the host's repayment dialog is dismissed, except on iOS (docs/decisions/083).
        if (nativeBridge.transport() !== 'ios') nativeBridge.closeDialog();
        onResult(reply.data.result);
      },
      () => {
        countdown.reset();
        say(t('errors.network'));
      },
      resend ? undefined : t('card.detail.processing'),
    );
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      setNeedsCard(true);
      const firstCard = listRef.current?.querySelector<HTMLInputElement>('input[type="radio"]');
      (firstCard ?? addCardRef.current)?.focus();
      return;
    }
    void commit(selected, SendMsg.First);
  };

  const resend = () => {
    if (selected) void commit(selected, SendMsg.Resend);
  };

  const confirm = () => {
    if (!isCompleteCode(code) || !recordId) return setStepError({ message: t('card.verify.enterCode'), aboutCode: true });
    void run(
      'confirm',
      async () => {
        const [{ confirmRepayment }, { refusedRecord }] = await Promise.all([confirmCalls(), commitCalls()]);
        const reply = await confirmRepayment({ orderId: listing.orderId, verifyCode: code, repaymentRecordId: recordId });
        if (reply.ok) {
          closeStep();
          return onResult(reply.data.result);
        }
        const record = refusedRecord(reply);
        if (record) {
          closeStep();
          return onResult(record.result, reply.message);
        }
        // 800005 and 800006 come with their own messages, already in the borrower's language.
        const message = reply.message || t('card.detail.processingFailed');
        if (reply.code === codeOf(CardErrorCode.CardRepaymentSubmitted)) {
          // An earlier confirm went through (its answer was lost): say so, then show where it stands.
          closeStep();
          toast.show(message);
          onShowRecord(recordId);
          return;
        }
        if (reply.code === codeOf(CardErrorCode.CardCodeWrong)) setCode('');
        setStepError({ message, aboutCode: CODE_REFUSALS.includes(reply.code) });
      },
      () => setStepError({ message: t('errors.network'), aboutCode: false }),
    );
  };

  const choose = (id: number) => {
    setSelectedId(id);
    setNeedsCard(false);
  };

  return (
    <>
      <OrderSummary listing={listing} format={format} />
      {listing.addCard === 0 && listing.amount > 0 ? (
        // The market's provider keeps saved cards on its own page (docs/decisions/125): no card form here.
        <div className="card card-pay">
          <p>{t('card.detail.providerPageNote')}</p>
          {listing.alipay === 1 && (
            <Link className="button card-pay__submit" to={redirectPaymentHref(page, payment)} data-testid="pay-on-provider-page">
              {t('card.detail.payOnProviderPage', { amount: format.amount(listing.amount) })}
            </Link>
          )}
        </div>
      ) : listing.amount > 0 ? (
        <form className="card card-pay" onSubmit={pay} noValidate>
          <CardList cards={listing.bankCards} selectedId={selectedId} onSelect={choose} listRef={listRef} attention={needsCard} />
          <Link ref={addCardRef} className="button button--ghost" to={addCardHref(page, payment)} data-testid="add-card">
            {t('card.detail.addCard')}
          </Link>
          <button type="submit" className="button card-pay__submit" disabled={busy !== null}>
            {t('card.detail.pay', { amount: format.amount(listing.amount) })}
          </button>
        </form>
      ) : (
        // Why nothing may be paid by card now, in the words a payment would be refused with (docs/decisions/233).
        <p className="card" role="status" data-testid="card-unavailable">
          {listing.unavailable?.message ?? t('card.detail.nothingToPay')}
        </p>
      )}
      {listing.earlyRepaymentFrom && (
        <p className="card-pay__note" data-testid="early-repayment-from">
          {t('card.detail.earlyRepaymentFrom', { date: listing.earlyRepaymentFrom })}
        </p>
      )}
      {listing.alipay === 1 && listing.addCard !== 0 && listing.amount > 0 && (
        <Link className="card-pay__other" to={redirectPaymentHref(page, payment)} data-testid="pay-another-way">
          {t('card.detail.payAnotherWay')}
        </Link>
      )}
      <VerifyCodeStep
        open={stepOpen}
        code={code}
        onCodeChange={(next) => {
          setCode(next);
          setStepError(null);
        }}
        onConfirm={confirm}
        onResend={resend}
        onCancel={closeStep}
        secondsLeft={countdown.running ? countdown.left : 0}
        busy={busy === 'confirm' || busy === 'resend' ? busy : null}
        error={stepError}
      />
    </>
  );
}
