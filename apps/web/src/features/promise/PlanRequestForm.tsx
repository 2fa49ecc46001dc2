import { ErrorCode, PLAN_FREQUENCIES, PLAN_NOTE_MAX, PLAN_REASONS, type BorrowerPromises, type PlanFrequency, type PlanReason } from '@lend/contracts';
import { formatAmount, formatDate, type Market } from '@lend/domain';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/http/errors';
import { useT } from '../../lib/i18n/borrower';
import { FieldProblem } from '../../ui/FieldProblem';
import { AmountField, typedAmount } from './AmountField';
import { askForPlan } from './api/promise';

/**
 * "I can't pay it all now", the longer way (docs/decisions/248): the borrower says what they can pay
 * each week or fortnight and why; a credit officer reads it in the order's collection file. While a
 * request waits, it is shown instead of the form.
 */
export function PlanRequestForm({ view, orderNo, market, onSaved }: { view: BorrowerPromises; orderNo: string; market: Market; onSaved: (view: BorrowerPromises) => void }) {
  const t = useT();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [frequency, setFrequency] = useState<PlanFrequency>('fortnight');
  const [reason, setReason] = useState<PlanReason>('income-cut');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const waiting = view.planRequest;
  if (waiting) {
    return (
      <section className="card promise__form" aria-labelledby={`${id}-title`} data-plan-request={waiting.state}>
        <h2 id={`${id}-title`}>{t('plan.title')}</h2>
        <p role="status">
          {t('plan.waiting', {
            date: formatDate(new Date(waiting.createdAt), market),
            amount: formatAmount(waiting.amountMinor, market),
            frequency: t(`plan.waiting.${waiting.frequency}`),
          })}
        </p>
      </section>
    );
  }

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
      onSaved(await askForPlan({ orderId: orderNo, amountMinor: minor, frequency, reason, note: note.trim() }));
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.PlanAmountOutOfRange) setProblems({ amount: error.message });
      else setProblems({ form: error instanceof ApiError ? error.message : t('errors.network') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card promise__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`} data-plan-form="">
      <h2 id={`${id}-title`}>{t('plan.title')}</h2>
      <p>{t('plan.intro')}</p>
      <AmountField id={id} label={(sign) => t('plan.amount', { sign })} market={market} value={amount} problem={problems.amount} onChange={setAmount} />
      <fieldset className="web-field promise__choices">
        <legend>{t('plan.frequency')}</legend>
        {PLAN_FREQUENCIES.map((choice) => (
          <label key={choice}>
            <input type="radio" name={`${id}-frequency`} value={choice} checked={frequency === choice} onChange={() => setFrequency(choice)} /> {t(`plan.frequency.${choice}`)}
          </label>
        ))}
      </fieldset>
      <div className="web-field">
        <label htmlFor={`${id}-reason`}>{t('plan.reason')}</label>
        <select id={`${id}-reason`} className="text-input" value={reason} onChange={(event) => setReason(PLAN_REASONS.find((choice) => choice === event.target.value) ?? 'other')}>
          {PLAN_REASONS.map((choice) => (
            <option key={choice} value={choice}>
              {t(`plan.reason.${choice}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="web-field">
        <label htmlFor={`${id}-note`}>{t('plan.note')}</label>
        <textarea id={`${id}-note`} className="text-input" rows={3} maxLength={PLAN_NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <FieldProblem id={`${id}-form-problem`} problem={problems.form} />
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? t('plan.sending') : t('plan.submit')}
      </button>
    </form>
  );
}
