import { Fragment, useId, useState, type FormEvent } from 'react';
import { OperatorRoutes, PLAN_FIRST_DUE_MAX_DAYS, type CollectionOrder, type PaymentPlanState, type PaymentPlanView, type PlanFrequency } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatInstant, formatMinor } from '../../lib/format';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { ErrorLine, useFailureText } from '../../ui/FormParts';
import { PlainTable } from '../../ui/PlainTable';

const STATE_KEYS: Record<PaymentPlanState, BackofficeKey> = {
  offered: 'bo.payplan.state.offered',
  accepted: 'bo.payplan.state.accepted',
  kept: 'bo.payplan.state.kept',
  broken: 'bo.payplan.state.broken',
  withdrawn: 'bo.payplan.state.withdrawn',
  lapsed: 'bo.payplan.state.lapsed',
};
/** How often, inside a sentence. */
const EVERY_IN_TEXT: Record<PlanFrequency, BackofficeKey> = { week: 'bo.payplan.everyLower.week', fortnight: 'bo.payplan.everyLower.fortnight' };
const LATE_KEYS = { waive: 'bo.payplan.lateCharges.waive', freeze: 'bo.payplan.lateCharges.freeze' } as const satisfies Record<string, BackofficeKey>;

type Changed = (file: CollectionOrder) => void;

/** The latest plan's facts and schedule: state, terms, totals, who offered it, acceptance and money paid on it since. */
function PlanFacts({ plan, file }: { plan: PaymentPlanView; file: CollectionOrder }) {
  const t = useT();
  const { language } = useBackoffice();
  const { currency, market } = file.item;
  const money = (minor: number) => formatMinor(minor, language, currency);
  const by = (who: string | null, at: string | null) => (who && at ? t('bo.payplan.byValue', { who, at: formatInstant(at, language, market) }) : null);
  const rows: [BackofficeKey, string | null][] = [
    ['bo.payplan.state', t(STATE_KEYS[plan.state])],
    ['bo.payplan.terms', t('bo.payplan.termsValue', { count: plan.count, every: t(EVERY_IN_TEXT[plan.every]), lateCharges: t(LATE_KEYS[plan.lateCharges]) })],
    ['bo.payplan.total', money(plan.totalMinor)],
    ['bo.payplan.waived', plan.waivedLateChargesMinor > 0 ? money(plan.waivedLateChargesMinor) : null],
    ['bo.payplan.frozen', plan.frozenLateChargesMinor > 0 ? money(plan.frozenLateChargesMinor) : null],
    ['bo.payplan.offeredBy', by(plan.offeredBy, plan.offeredAt)],
    ['bo.payplan.acceptedAt', plan.acceptedAt ? formatInstant(plan.acceptedAt, language, market) : null],
    ['bo.payplan.paid', plan.acceptedAt ? money(plan.paidMinor) : null],
    ['bo.payplan.closedBy', plan.closedAt ? (by(plan.closedBy, plan.closedAt) ?? formatInstant(plan.closedAt, language, market)) : null],
    ['bo.payplan.note', plan.note || null],
  ];
  return (
    <>
      <dl className="bo-facts" data-payment-plan={plan.state}>
        {rows
          .filter((row): row is [BackofficeKey, string] => row[1] !== null)
          .map(([key, value]) => (
            <Fragment key={key}>
              <dt>{t(key)}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
      </dl>
      {plan.installments.length > 0 ? (
        <>
          <h3>{t('bo.payplan.schedule')}</h3>
          <PlainTable
            rows={plan.installments}
            rowKey={(row) => String(row.seq)}
            columns={[
              { header: t('bo.payplan.seq'), cell: (row) => `${row.seq}/${plan.installments.length}` },
              { header: t('bo.payplan.due'), cell: (row) => formatDay(row.dueDate, language) },
              { header: t('bo.payplan.amount'), cell: (row) => money(row.amountMinor) },
            ]}
          />
        </>
      ) : null}
    </>
  );
}

/** The offer form: 2 to the product's most payments, weekly or fortnightly, the first from tomorrow to 14 days ahead; confirmed first. */
function PlanForm({ file, onChanged }: { file: CollectionOrder; onChanged: Changed }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const confirmation = useConfirmation();
  const ids = useId();
  const { item, planLimits } = file;
  const today = formatDate(new Date(), item.market);
  const from = addDays(today, 1);
  const to = addDays(today, PLAN_FIRST_DUE_MAX_DAYS);
  const [count, setCount] = useState('4');
  const [every, setEvery] = useState<PlanFrequency>('week');
  const [firstDueDate, setFirstDueDate] = useState(addDays(today, 7));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lateCharges = t(LATE_KEYS[planLimits.lateCharges]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const installments = Number(count);
    setError(null);
    confirmation.ask({
      title: t('bo.payplan.confirm.title', { orderNo: item.orderNo }),
      lines: [t('bo.payplan.confirm.terms', { count: installments, every: t(EVERY_IN_TEXT[every]), day: formatDay(firstDueDate, language), lateCharges })],
      confirmLabel: t('bo.payplan.offer'),
      run: () => {
        api.call(OperatorRoutes.paymentPlanOffer, { params: { orderNo: item.orderNo }, body: { count: installments, every, firstDueDate, note: note.trim() } }).then(onChanged, (failure: unknown) => setError(failureText(failure)));
      },
    });
  };
  return (
    <form className="bo-reply-form" onSubmit={submit} aria-labelledby={`${ids}-title`} data-payment-plan-form="">
      <h2 id={`${ids}-title`}>{t('bo.payplan.newTitle')}</h2>
      <p className="bo-muted">{t('bo.payplan.explain', { lateCharges })}</p>
      <p className="bo-muted">{t('bo.payplan.limits', { max: planLimits.maxPerLoan, days: planLimits.minDaysPastDue, accepted: planLimits.accepted })}</p>
      <ErrorLine message={error} />
      <label>
        {t('bo.payplan.countField', { max: planLimits.maxInstallments })}
        <input name="planCount" type="number" required min={2} max={planLimits.maxInstallments} value={count} onChange={(event) => setCount(event.currentTarget.value)} />
      </label>
      <label>
        {t('bo.payplan.everyField')}
        <select name="planEvery" value={every} onChange={(event) => setEvery(event.currentTarget.value === 'fortnight' ? 'fortnight' : 'week')}>
          <option value="week">{t('bo.payplan.every.week')}</option>
          <option value="fortnight">{t('bo.payplan.every.fortnight')}</option>
        </select>
      </label>
      <label>
        {t('bo.payplan.firstField')}
        <input name="planFirstDueDate" type="date" required min={from} max={to} value={firstDueDate} onChange={(event) => setFirstDueDate(event.currentTarget.value)} />
      </label>
      <label>
        {t('bo.payplan.noteField')}
        <textarea name="planNote" rows={2} maxLength={1000} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      </label>
      <button type="submit">{t('bo.payplan.offer')}</button>
      {confirmation.dialog}
    </form>
  );
}

/**
 * An order's payment plan (docs/decisions/250): the latest plan's facts and schedule for everyone
 * who sees the file; for a credit officer or administrator, withdrawing an offered plan, or the
 * form to offer one on a late order with no plan open.
 */
export function PaymentPlanPanel({ file, onChanged }: { file: CollectionOrder; onChanged: Changed }) {
  const t = useT();
  const { api, me } = useBackoffice();
  const failureText = useFailureText();
  const confirmation = useConfirmation();
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const plan = file.paymentPlan;
  const mayAct = me.role === 'credit-officer' || me.role === 'admin';
  const open = plan !== null && (plan.state === 'offered' || plan.state === 'accepted');
  const late = file.item.daysPastDue > 0 && file.item.owedMinor > 0;
  const form = mayAct && !open && late && file.planLimits.accepted < file.planLimits.maxPerLoan ? <PlanForm file={file} onChanged={onChanged} /> : null;
  if (!plan) return form;
  const withdraw = () =>
    confirmation.ask({
      title: t('bo.payplan.confirmWithdraw', { orderNo: file.item.orderNo }),
      lines: [],
      confirmLabel: t('bo.payplan.withdraw'),
      run: () => {
        setError(null);
        api.call(OperatorRoutes.paymentPlanWithdraw, { params: { orderNo: file.item.orderNo, planId: plan.id } }).then(onChanged, (failure: unknown) => setError(failureText(failure)));
      },
    });
  return (
    <>
      <section aria-labelledby={`${ids}-title`} data-payment-plan-panel="">
        <h2 id={`${ids}-title`}>{t('bo.payplan.title')}</h2>
        <PlanFacts plan={plan} file={file} />
        <ErrorLine message={error} />
        {mayAct && plan.state === 'offered' ? (
          <div className="bo-actions">
            <button type="button" onClick={withdraw}>
              {t('bo.payplan.withdraw')}
            </button>
          </div>
        ) : null}
        {confirmation.dialog}
      </section>
      {form}
    </>
  );
}
