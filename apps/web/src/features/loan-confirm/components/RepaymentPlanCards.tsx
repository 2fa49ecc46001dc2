import type { RepayPlan } from '@lend/contracts';
import type { Formatters } from '../../../lib/format';
import { useT } from '../../../lib/i18n/borrower';

/** One card per payment: n/total, amount and the date it is due; nothing when there is no plan. */
export function RepaymentPlanCards({ plans, format }: { plans: readonly RepayPlan[]; format: Formatters }) {
  const t = useT();
  if (plans.length === 0) return null;
  return (
    <section className="plan" aria-labelledby="plan-heading">
      <h2 id="plan-heading" className="section-heading">
        {t('loanConfirm.plan')}
      </h2>
      <ol className="plan__list">
        {plans.map((plan, index) => (
          <li
            key={`${index}-${plan.pay_time}`}
            className="card plan__card"
            aria-label={t('loanConfirm.planLabel', { n: index + 1, total: plans.length })}
          >
            <span className="plan__progress" aria-hidden="true">
              {index + 1}/{plans.length}
            </span>
            <span className="plan__amount">{format.amount(plan.amount)}</span>
            <span className="plan__date muted">{t('loanConfirm.planPayBy', { date: plan.pay_time })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
