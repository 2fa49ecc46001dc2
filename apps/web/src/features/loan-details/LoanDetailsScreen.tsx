import { AppRoute, Limits, LoanStatus, NativeApp, type LoanDetails } from '@lend/contracts';
import { showsLoanList } from '@lend/domain';
import { useCallback, useState } from 'react';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { nativeBridge } from '../../lib/native-bridge';
import { pageHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { DetailList } from '../../ui/DetailList';
import { visibleRows } from '../../ui/detail-rows';
import { CallResult } from '../../ui/CallResult';
import { Modal } from '../../ui/Modal';
import { ProductHeading } from '../../ui/ProductHeading';
import { Screen } from '../../ui/Screen';
import { WayOn } from '../../ui/WayOn';
import { dismissLoanScore } from './api/dismiss-loan-score';
import { getLoanDetails, loanDetailsInPage } from './api/get-loan-details';
import { DelayReminderModal } from './components/DelayReminderModal';
import { OrderActions } from './components/OrderActions';
import { RatingModal } from './components/RatingModal';
import { StatusHeader } from './components/StatusHeader';
import { delayHref, repayHref } from './order-links';
import './loan-details.css';

/** Loan order details, one screen for both its addresses: status, rows and the buttons its status allows (docs/decisions/034). */
export function LoanDetailsScreen() {
  const t = useT();
  usePageTitle('loanDetails.title');
  const { orderId, productId } = usePageParams();
  const load = useCallback(
    (signal: AbortSignal) => getLoanDetails({ orderId: orderId ?? '', productId }, t('loanDetails.loading'), signal),
    [orderId, productId, t],
  );
  const inPage = useCallback(() => loanDetailsInPage({ orderId: orderId ?? '', productId }), [orderId, productId]);
  const [state] = useCall(orderId ? load : null, inPage);
  return (
    <Screen title={t('loanDetails.title')}>
      <CallResult state={state} loadingLabel={t('loanDetails.loading')}>
        {(order) => <OrderContent order={order} />}
      </CallResult>
    </Screen>
  );
}

function OrderContent({ order }: { order: LoanDetails }) {
  const t = useT();
  const page = usePageParams();
  const [delayOpen, setDelayOpen] = useState(false);
  const [rating, setRating] = useState<'asking' | 'thanks' | 'done'>(order.isScore === '1' ? 'asking' : 'done');
  const rows = order.userOrderDetail.detail;
  const showList = showsLoanList(order.orderStatus) && visibleRows(rows).length > 0;
  const repay = repayHref(order, page);

  const rated = (score: number) => {
    if (score < Limits.ratingNativePromptFrom) {
      setRating('thanks');
      return;
    }
    setRating('done');
    nativeBridge.goToRate();
  };

  return (
    <>
      <StatusHeader status={order.orderStatus} title={order.noticeStatusText} description={order.noticeDesText} />
      {showList && (
        <section className="card" aria-labelledby="order-product" data-testid="loan-list">
          <div id="order-product">
            <ProductHeading logo={order.productLogo} name={order.productName} />
          </div>
          <DetailList rows={rows} className="order__rows" />
        </section>
      )}
      <OrderActions
        status={order.orderStatus}
        delayAllowed={order.isDelay === '1'}
        repayHref={repay}
        onDelay={() => setDelayOpen(true)}
        onBorrowAgain={() => nativeBridge.openPageWithParams(NativeApp.productSchemeUrl, { productId: String(order.productId) })}
      />
      {/* A late loan offers a promise to pay what the borrower can, on a day they choose (docs/decisions/243). */}
      {order.orderStatus === LoanStatus.Overdue && (
        <a className="order__contract" href={pageHref(AppRoute.promise, page, { orderId: order.orderNo })} data-testid="order-promise">
          {t('promise.open')}
        </a>
      )}
      {/* A refused application leaves nothing to do on the order: the way on is the app and customer service (docs/decisions/234). */}
      {order.orderStatus === LoanStatus.Rejected && <WayOn home service />}
      {order.cardPayUrl && order.cardPayUrl !== order.h5Url && (
        <a className="order__contract" href={pageHref(order.cardPayUrl, page)} data-testid="order-pay-by-card">
          {t('loanDetails.payByCard')}
        </a>
      )}
      {order.paymentsUrl && (
        <a className="order__contract" href={pageHref(order.paymentsUrl, page)}>
          {t('payments.open')}
        </a>
      )}
      {order.isNewContract && (
        <a className="order__contract" href={pageHref(order.isNewContract, page)}>
          {t('loanDetails.contract')}
        </a>
      )}
      {order.keyFactsUrl && (
        <a className="order__contract" href={pageHref(order.keyFactsUrl, page)}>
          {t('keyFacts.title')}
        </a>
      )}
      <DelayReminderModal open={delayOpen} delayHref={delayHref(order, page)} repayHref={repay} onClose={() => setDelayOpen(false)} />
      <RatingModal
        orderNo={order.orderNo}
        open={rating === 'asking'}
        // Closing the dialog after a send also fires this; only a cancel while asking ends the
        // rating, and the server remembers it so the order never asks again (docs/decisions/234).
        onClose={() => {
          if (rating !== 'asking') return;
          setRating('done');
          dismissLoanScore(order.orderNo).catch(() => undefined);
        }}
        onRated={rated}
      />
      <Modal open={rating === 'thanks'} title={t('loanDetails.thanksTitle')} onClose={() => setRating('done')}>
        <p>{t('loanDetails.thanksBody')}</p>
      </Modal>
    </>
  );
}
