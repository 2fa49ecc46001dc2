import { HashRoute, type InstallmentDetail } from '@lend/contracts';
import { useCallback } from 'react';
import { useMarketFormat } from '../../lib/format';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { orderDetailsHref, pageHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { CallResult } from '../../ui/CallResult';
import { ProductHeading } from '../../ui/ProductHeading';
import { Screen } from '../../ui/Screen';
import { ChannelGroups } from '../../ui/payment-channels/ChannelGroups';
import { getInstallmentDetail, installmentDetailInPage } from './api/get-installment-detail';
import { CollapsibleDetails } from './components/CollapsibleDetails';
import { PayoffSection } from './components/PayoffSection';
import { repaymentInstructionHref } from './instruction-params';
import './repayment.css';

/** The installment repayment overview (docs/decisions/076), where Repay leads: what to pay, by when, and where. */
export function RepaymentScreen() {
  const t = useT();
  usePageTitle('repayment.title');
  const page = usePageParams();
  const { orderId, productId } = page;
  const load = useCallback(
    (signal: AbortSignal) => getInstallmentDetail({ orderId: orderId ?? '', productId }, t('repayment.loading'), signal),
    [orderId, productId, t],
  );
  const inPage = useCallback(() => installmentDetailInPage({ orderId: orderId ?? '', productId }), [orderId, productId]);
  const [state] = useCall(orderId ? load : null, inPage);
  return (
    <Screen title={t('repayment.title')}>
      <CallResult state={state} loadingLabel={t('repayment.loading')} wayOn={{ loanHref: orderId ? orderDetailsHref(page, orderId) : undefined, service: true }}>
        {(detail) => <Overview detail={detail} orderId={orderId ?? ''} />}
      </CallResult>
    </Screen>
  );
}

function Overview({ detail, orderId }: { detail: InstallmentDetail; orderId: string }) {
  const t = useT();
  const page = usePageParams();
  const format = useMarketFormat(detail.market);
  const order = { orderId, productId: page.productId };
  const hrefFor = (amount: number) => (payCode: string) => repaymentInstructionHref(page, order, amount, payCode);
  return (
    <>
      <section className="card repay-summary" aria-labelledby="repay-product">
        <div id="repay-product">
          <ProductHeading logo={detail.productLogo} name={detail.productName} />
        </div>
        <p className="repay-summary__amount">
          <span className="repay-summary__label">{t('repayment.amountLabel')}</span>
          <strong data-testid="repay-amount">{format.amount(detail.repayAmount)}</strong>
        </p>
        {detail.overdue ? (
          // A date already gone is no deadline: say the payment is late, since when, and what lateness has cost.
          <div className="repay-summary__overdue" data-testid="repay-overdue">
            <p>
              <strong>{t('repayment.overdueSince', { date: detail.overdue.since })}</strong>
            </p>
            <p>{t('repayment.overdueDays', { days: detail.overdue.days })}</p>
            {detail.overdue.lateCharges > 0 && <p>{t('repayment.lateChargesSoFar', { amount: format.amount(detail.overdue.lateCharges) })}</p>}
          </div>
        ) : (
          detail.repayDate && (
            <p className="repay-summary__date" data-testid="repay-date">
              {t('repayment.dateLabel', { date: detail.repayDate })}
            </p>
          )
        )}
      </section>
      {detail.cardPayment && (
        <a className="button button--ghost repay-card" href={pageHref(`/#${HashRoute.borrowDetail}`, page, order.productId ? { orderId, productId: order.productId } : { orderId })} data-testid="repay-by-card">
          {t('repayment.payByCard')}
        </a>
      )}
      <CollapsibleDetails rows={detail.detail} />
      <section className="repay-channels" aria-labelledby="repay-channels-title">
        <h2 id="repay-channels-title" className="repay-channels__title">
          {t('repayment.channelsTitle')}
        </h2>
        <ChannelGroups groups={detail.repayList} hrefOf={hrefFor(detail.repayAmount)} testId="repay-channels" headingLevel={3} />
      </section>
      {detail.payoff && <PayoffSection payoff={detail.payoff} format={format} hrefOf={hrefFor(detail.payoff.amount)} />}
    </>
  );
}
