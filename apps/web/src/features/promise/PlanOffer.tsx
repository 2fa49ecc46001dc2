import { AppRoute, type BorrowerPaymentPlan } from '@lend/contracts';
import { formatAmount, type Market } from '@lend/domain';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/http/errors';
import { useT } from '../../lib/i18n/borrower';
import { pageHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { FieldProblem } from '../../ui/FieldProblem';
import { acceptOrderPaymentPlan, orderPaymentPlan } from './api/payment-plan';

type Plan = NonNullable<BorrowerPaymentPlan['plan']>;

/**
 * A payment plan offered on the late loan (docs/decisions/250): its schedule, its cost box (Mexico's
 * CAT, India's revised Key Facts Statement) and its terms in the server's words (the text accepted
 * is the text shown, its hash sent back); Accept, then the plan in force and the way to pay. Nothing
 * when none is offered.
 */
export function PlanOffer({ orderNo, onAccepted, onPlan }: { orderNo: string; onAccepted?: () => void; onPlan?: (plan: Plan | null) => void }) {
  const [plan, setPlan] = useState<Plan | null>(null);
  // Read through a ref so a parent's new callback does not read the plan again.
  const onPlanRef = useRef(onPlan);
  onPlanRef.current = onPlan;
  const show = useCallback((next: Plan | null) => {
    setPlan(next);
    onPlanRef.current?.(next);
  }, []);
  useEffect(() => {
    let live = true;
    // No plan, or the read failing, leaves the promise screen as it was.
    orderPaymentPlan(orderNo).then(
      (answer) => live && show(answer.plan),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orderNo, show]);
  const accepted = (next: Plan | null) => {
    show(next);
    onAccepted?.();
  };
  return plan ? <PlanCard plan={plan} orderNo={orderNo} onAccepted={accepted} /> : null;
}

function PlanCard({ plan, orderNo, onAccepted }: { plan: Plan; orderNo: string; onAccepted: (plan: Plan | null) => void }) {
  const t = useT();
  const id = useId();
  const page = usePageParams();
  const market: Market = plan.currency === 'INR' ? 'IN' : 'MX';
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const accept = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      onAccepted((await acceptOrderPaymentPlan(orderNo, plan.textSha256)).plan);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('errors.network'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card settlement plan-offer" aria-labelledby={`${id}-title`} data-payment-plan={plan.state}>
      <h2 id={`${id}-title`}>{t('planOffer.title')}</h2>
      {plan.state === 'accepted' ? (
        <p className="settlement__accepted" role="status">
          {t('planOffer.inForce', { total: formatAmount(plan.totalMinor, market) })}
        </p>
      ) : null}
      <table className="plan-offer__schedule">
        <caption>{t('planOffer.schedule')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('planOffer.payment')}</th>
            <th scope="col">{t('planOffer.date')}</th>
            <th scope="col">{t('planOffer.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.installments.map((installment) => (
            <tr key={installment.seq}>
              <td>{installment.seq}</td>
              <td>{installment.dueDate}</td>
              <td>{formatAmount(installment.amountMinor, market)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="plan-offer__cost" data-cost-box={plan.costBox.kind}>
        <h3>{plan.costBox.title}</h3>
        <dl>
          {plan.costBox.rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
        <p>{plan.costBox.note}</p>
      </div>
      <h3>{t('planOffer.terms')}</h3>
      <ul className="settlement__lines">
        {plan.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {plan.state === 'offered' ? (
        <>
          <FieldProblem id={`${id}-problem`} problem={problem} />
          <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void accept()}>
            {busy ? t('planOffer.accepting') : t('planOffer.accept')}
          </button>
        </>
      ) : (
        <a className="button" href={pageHref(AppRoute.repayment, page, { orderId: orderNo, productId: String(plan.productId) })} data-testid="plan-pay">
          {t('planOffer.pay')}
        </a>
      )}
    </section>
  );
}
