import type { BorrowerPayments } from '@lend/contracts';
import { useCallback } from 'react';
import { useMarketFormat } from '../../lib/format';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { orderDetailsHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { CallResult } from '../../ui/CallResult';
import { Screen } from '../../ui/Screen';
import { WayOn } from '../../ui/WayOn';
import { getPayments, paymentsInPage } from './api/get-payments';
import { ClosingStatement } from './components/ClosingStatement';
import { MissingPaymentForm } from './components/MissingPaymentForm';
import { ReceiptCard } from './components/ReceiptCard';
import './payments.css';

/** Every payment of an order with its receipt, newest first; a settled loan's closing statement. */
export function PaymentsScreen() {
  const t = useT();
  usePageTitle('payments.title');
  const page = usePageParams();
  const { orderId, productId } = page;
  const load = useCallback(
    (signal: AbortSignal) => getPayments({ orderId: orderId ?? '', productId }, t('payments.loading'), signal),
    [orderId, productId, t],
  );
  const inPage = useCallback(() => paymentsInPage({ orderId: orderId ?? '', productId }), [orderId, productId]);
  const [state] = useCall(orderId ? load : null, inPage);
  return (
    <Screen title={t('payments.title')}>
      <CallResult state={state} loadingLabel={t('payments.loading')} wayOn={{ loanHref: orderId ? orderDetailsHref(page, orderId) : undefined, service: true }}>
        {(payments) => <PaymentsContent payments={payments} productId={productId} />}
      </CallResult>
    </Screen>
  );
}

function PaymentsContent({ payments, productId }: { payments: BorrowerPayments; productId: string | undefined }) {
  const t = useT();
  const page = usePageParams();
  const format = useMarketFormat(payments.market);
  return (
    <>
      <ClosingStatement payments={payments} />
      <section aria-labelledby="receipts-title" className="receipts">
        <h2 id="receipts-title" className="receipts__title">
          {t('payments.receipts', { orderNo: payments.orderNo })}
        </h2>
        {payments.receipts.length === 0 ? (
          <p className="card">{payments.emptyText}</p>
        ) : (
          <ul className="receipts__list">
            {payments.receipts.map((receipt) => (
              <ReceiptCard key={receipt.receiptNo} receipt={receipt} format={format} />
            ))}
          </ul>
        )}
      </section>
      <MissingPaymentForm orderId={payments.orderNo} productId={productId} />
      {/* The receipts end here: back to the loan, or to customer service (docs/decisions/234). */}
      <WayOn loanHref={orderDetailsHref(page, payments.orderNo)} service />
    </>
  );
}
