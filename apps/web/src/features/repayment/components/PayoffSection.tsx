import type { InstallmentPayoff } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import type { Formatters } from '../../../lib/format';
import { DetailList } from '../../../ui/DetailList';
import { ChannelGroups } from '../../../ui/payment-channels/ChannelGroups';

/** What settles the loan today, with the references for exactly that amount. */
export function PayoffSection({ payoff, format, hrefOf }: { payoff: InstallmentPayoff; format: Formatters; hrefOf: (payCode: string) => string }) {
  const t = useT();
  return (
    <section className="repay-payoff" aria-labelledby="repay-payoff-title" data-testid="repay-payoff">
      <div className="card">
        <h2 id="repay-payoff-title">{payoff.title}</h2>
        <p className="repay-payoff__amount">
          <span className="muted">{t('repayment.payoffAmountLabel')}</span>
          <strong>{format.amount(payoff.amount)}</strong>
        </p>
        <p>{payoff.message}</p>
        <DetailList rows={payoff.rows} />
      </div>
      <ChannelGroups groups={payoff.repayList} hrefOf={hrefOf} testId="payoff-channels" headingLevel={3} />
    </section>
  );
}
