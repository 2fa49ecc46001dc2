import { ErrorCode, OPEN_PAYMENT_PLAN_STATES, type BorrowerPromises, type PaymentPlanState, type PromiseView } from '@lend/contracts';
import { formatAmount, type Market } from '@lend/domain';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/http/errors';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT, type Translate } from '../../lib/i18n/borrower';
import { orderDetailsHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { useSearchParams } from '../../lib/router';
import { CallResult } from '../../ui/CallResult';
import { FieldProblem } from '../../ui/FieldProblem';
import { Screen } from '../../ui/Screen';
import { orderPromises, orderPromisesInPage, promiseToPay } from './api/promise';
import { AmountField, typedAmount } from './AmountField';
import { CollectorCard } from './CollectorCard';
import { PlanRequestForm } from './PlanRequestForm';
import { PlanOffer } from './PlanOffer';
import { SettlementOffer } from './SettlementOffer';
import './promise.css';

const marketOf = (currency: 'MXN' | 'INR'): Market => (currency === 'INR' ? 'IN' : 'MX');

function PromiseRow({ promise, market, t }: { promise: PromiseView; market: Market; t: Translate }) {
  return (
    <li className="promise__item" data-promise={promise.id} data-state={promise.state}>
      <strong>{t('promise.item', { amount: formatAmount(promise.amountMinor, market), date: promise.promisedOn })}</strong>
      <span className="muted">{t(`promise.state.${promise.state}`, { kept: formatAmount(promise.keptMinor, market) })}</span>
    </li>
  );
}

/**
 * "I can't pay it all now" (docs/decisions/243): on a late loan the borrower promises to pay what
 * they can on a day they choose, from today to the market's limit and up to what is owed. The
 * promise is kept or broken by the money that arrives; the agents see it. A settlement offered on
 * the loan is shown above, to accept (docs/decisions/245), and so is a payment plan offered (250).
 */
export function PromiseScreen() {
  const t = useT();
  usePageTitle('promise.title');
  const page = usePageParams();
  const orderNo = useSearchParams().get('orderId') ?? '';
  const load = useCallback((signal: AbortSignal) => orderPromises(orderNo, t('promise.loading'), signal), [orderNo, t]);
  const inPage = useCallback(() => orderPromisesInPage(orderNo), [orderNo]);
  const [state, replace] = useCall(orderNo ? load : null, inPage);
  // A plan offered or in force answers the borrower's request: they are not asked to request another.
  const [planStands, setPlanStands] = useState(false);
  const onPlan = useCallback((plan: { state: PaymentPlanState } | null) => setPlanStands(plan !== null && OPEN_PAYMENT_PLAN_STATES.includes(plan.state)), []);
  return (
    <Screen title={t('promise.title')}>
      {orderNo ? <SettlementOffer orderNo={orderNo} /> : null}
      {/* An accepted plan ends the lateness: the promise and request forms are read again, and close. */}
      {orderNo ? (
        <PlanOffer orderNo={orderNo} onPlan={onPlan} onAccepted={() => void orderPromises(orderNo, t('promise.loading'), new AbortController().signal).then(replace, () => undefined)} />
      ) : null}
      <CallResult state={state} loadingLabel={t('promise.loading')}>
        {(view) => <PromiseForm view={view} orderNo={orderNo} onSaved={replace} backHref={orderDetailsHref(page, orderNo)} askPlan={!planStands} />}
      </CallResult>
    </Screen>
  );
}

function PromiseForm({ view, orderNo, onSaved, backHref, askPlan }: { view: BorrowerPromises; orderNo: string; onSaved: (view: BorrowerPromises) => void; backHref: string; askPlan: boolean }) {
  const t = useT();
  const id = useId();
  const market = marketOf(view.currency);
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(view.firstDay);
  const [problems, setProblems] = useState<{ amount?: string; date?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const minor = typedAmount(amount, view.owedMinor);
    if (minor === null) {
      setProblems({ amount: t('promise.amountProblem', { most: formatAmount(view.owedMinor, market) }) });
      return;
    }
    setBusy(true);
    setProblems({});
    try {
      onSaved(await promiseToPay(orderNo, minor, date));
      setSaved(true);
      setAmount('');
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.PromiseDateOutOfRange) setProblems({ date: error.message });
      else if (error instanceof ApiError && error.code === ErrorCode.PromiseAmountOutOfRange) setProblems({ amount: error.message });
      else setProblems({ form: error instanceof ApiError ? error.message : t('errors.network') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {view.collector ? <CollectorCard collector={view.collector} /> : null}
      {view.late ? (
        <form className="card promise__form" onSubmit={(event) => void submit(event)} noValidate>
          <p>{t('promise.intro', { owed: formatAmount(view.owedMinor, market) })}</p>
          <AmountField id={id} label={(sign) => t('promise.amount', { sign })} market={market} value={amount} problem={problems.amount} onChange={setAmount} />
          <div className="web-field">
            <label htmlFor={`${id}-date`}>{t('promise.date')}</label>
            <p id={`${id}-date-hint`} className="web-field__hint muted">
              {t('promise.dateHint', { last: view.lastDay })}
            </p>
            <input
              id={`${id}-date`}
              className="text-input"
              type="date"
              min={view.firstDay}
              max={view.lastDay}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              aria-invalid={problems.date ? true : undefined}
              aria-describedby={`${id}-date-hint${problems.date ? ` ${id}-date-problem` : ''}`}
            />
            <FieldProblem id={`${id}-date-problem`} problem={problems.date} />
          </div>
          <FieldProblem id={`${id}-form-problem`} problem={problems.form} />
          {saved && (
            <p className="promise__saved" role="status">
              {t('promise.saved')}
            </p>
          )}
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy ? t('promise.sending') : t('promise.submit')}
          </button>
        </form>
      ) : (
        <p className="card">{t('promise.notLate')}</p>
      )}
      {view.late && askPlan && <PlanRequestForm view={view} orderNo={orderNo} market={market} onSaved={onSaved} />}
      {view.promises.length > 0 && (
        <section aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`}>{t('promise.list')}</h2>
          <ul className="card promise__list">
            {view.promises.map((promise) => (
              <PromiseRow key={promise.id} promise={promise} market={market} t={t} />
            ))}
          </ul>
        </section>
      )}
      <a className="button button--ghost promise__back" href={backHref}>
        {t('promise.back')}
      </a>
    </>
  );
}
