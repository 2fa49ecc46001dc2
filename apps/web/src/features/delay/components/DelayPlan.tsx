import type { DelayPlanItem } from '@lend/contracts';
import type { Formatters } from '../../../lib/format';
import { useT } from '../../../lib/i18n/borrower';
import { RunningText } from '../../../ui/RunningText';

/** Every unpaid installment as it stands once the extension is paid; nothing when there is none. */
export function DelayPlan({ plan, format }: { plan: readonly DelayPlanItem[]; format: Formatters }) {
  const t = useT();
  if (plan.length === 0) return null;
  return (
    <section className="card delay-plan" aria-labelledby="delay-plan-heading">
      <h2 id="delay-plan-heading">{t('delay.plan')}</h2>
      <ol className="delay-plan__list">
        {plan.map((item) => (
          <li key={`${item.title}-${item.time}`} className="delay-plan__item">
            <span className="delay-plan__title">{item.title}</span>
            <span className="delay-plan__amount">{format.amount(item.amount)}</span>
            <span className="delay-plan__time">
              <RunningText text={t('delay.planDue', { date: item.time })} />
            </span>
            <span className="delay-plan__remark muted">
              <RunningText text={item.remark} />
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
