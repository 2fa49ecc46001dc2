import { useMemo } from 'react';
import { useLocation } from '../../lib/router';
import { usePageTitle, useT } from '../../lib/i18n/hash';
import { Loading } from '../../ui/Loading';
import { Screen } from '../../ui/Screen';
import { readBorrowDetailRequest, type BorrowDetailRequest } from './card-links';
import { CardPayment } from './components/CardPayment';
import { RepaymentResultView } from './components/RepaymentResultView';
import { useBorrowDetail } from './use-borrow-detail';
import './card-repayment.css';

/** `#/borrowDetail/`: pay an order with a saved card, or see how a repayment ended. */
export function BorrowDetailScreen() {
  const t = useT();
  usePageTitle('card.detail.title');
  const { search } = useLocation();
  const request = useMemo(() => readBorrowDetailRequest(new URLSearchParams(search)), [search]);
  return (
    <Screen title={t('card.detail.title')}>
      {request ? (
        <BorrowDetail request={request} />
      ) : (
        <p className="card notice--error" role="alert">
          {t('notFound.body')}
        </p>
      )}
    </Screen>
  );
}

function BorrowDetail({ request }: { request: BorrowDetailRequest }) {
  const t = useT();
  const { view, refreshing, showResult, showRecord, retry } = useBorrowDetail(request.orderId, request.repayRecordId);
  switch (view.kind) {
    case 'loading':
      return <Loading label={t('card.detail.loading')} />;
    case 'failed':
      return (
        <div className="card card-failed">
          <p className="notice--error" role="alert">
            {view.message}
          </p>
          <button type="button" className="button button--ghost" onClick={retry}>
            {t('card.result.tryAgain')}
          </button>
        </div>
      );
    case 'result':
      return (
        <RepaymentResultView
          result={view.result}
          message={view.message}
          busy={refreshing}
          onRefresh={() => void showRecord(view.result.repayRecordId)}
          onRetry={retry}
        />
      );
    case 'listing':
      return (
        <CardPayment
          listing={view.listing}
          preselectedCardId={request.cardId}
          productId={request.productId}
          onResult={showResult}
          onShowRecord={(id) => void showRecord(id)}
        />
      );
  }
}
