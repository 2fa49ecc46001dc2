import { AppRoute, COLLECTION_PROBLEM_TYPE, type ComplaintInit, type ComplaintOption, type ComplaintSonOption } from '@lend/contracts';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { usePageParams } from '../../lib/page-params';
import { useCall } from '../../lib/http/use-call';
import { Screen } from '../../ui/Screen';
import { useToast } from '../../ui/toast/ToastProvider';
import { complaintInitInPage, getComplaintInit } from './api/get-complaint-init';
import { pageHref } from './complaint-links';
import { CallResult } from '../../ui/CallResult';
import { OrderPicker } from './components/OrderPicker';
import { OrderSummary } from './components/OrderSummary';
import { ProblemTypes } from './components/ProblemTypes';
import { rememberedOrderNo, rememberOrderNo } from './remembered-order';
import './complaints.css';

/** The remembered order changes only through this screen, which keeps its own pick. */
const noStorageEvents = () => () => undefined;

/** Complaint home (docs/decisions/025): pick an order, then what the problem is about. */
export function ComplaintHomeScreen() {
  const t = useT();
  const params = usePageParams();
  usePageTitle('complaints.home.title');
  const load = useCallback(
    (signal: AbortSignal) => getComplaintInit(params.orderId, t('complaints.home.loading'), signal),
    [params.orderId, t],
  );
  const inPage = useCallback(() => complaintInitInPage(params.orderId), [params.orderId]);
  const [state] = useCall(load, inPage);

  return (
    <Screen title={t('complaints.home.title')}>
      <p className="muted">{t('complaints.home.intro')}</p>
      <Link className="button button--ghost complaint-my-link" to={pageHref(AppRoute.complaintList, params)}>
        {t('complaints.home.myComplaints')}
      </Link>
      <CallResult state={state}>{(init) => <ComplaintChoice init={init} />}</CallResult>
    </Screen>
  );
}

function ComplaintChoice({ init }: { init: ComplaintInit }) {
  const t = useT();
  const toast = useToast();
  const params = usePageParams();
  const navigate = useNavigate();
  // Storage is the browser's: a page rendered by the server, and the browser taking it over, show
  // the server's pick first, then the remembered order.
  const remembered = useSyncExternalStore(
    noStorageEvents,
    () => rememberedOrderNo(params.userId),
    () => null,
  );
  const [picked, setPicked] = useState<string | null>(null);
  const chosenNo = picked ?? remembered;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);
  // The remembered order wins while it is still the borrower's; else the one the server picked.
  const order = init.orderList.find((o) => o.orderNo === chosenNo) ?? init.orderDetail;

  if (!order) {
    return (
      <section className="card">
        <p className="complaint-empty">{t('complaints.home.noOrders')}</p>
        <Link className="button" to={pageHref(AppRoute.customerService, params)}>
          {t('complaints.home.contactService')}
        </Link>
      </section>
    );
  }

  const choose = (orderNo: string) => {
    setPicked(orderNo);
    rememberOrderNo(params.userId, orderNo);
    setExpanded(null);
    setPickerOpen(false);
  };

  const next = (type: ComplaintOption, son: ComplaintSonOption | null) => {
    rememberOrderNo(params.userId, order.orderNo);
    navigate(
      pageHref(AppRoute.complaintNext, params, {
        problemType: String(type.value),
        problemSonType: son ? String(son.value) : '',
        orderNo: order.orderNo,
      }),
    );
  };

  const onType = (type: ComplaintOption, children: readonly ComplaintSonOption[]) => {
    if (type.value === COLLECTION_PROBLEM_TYPE && !order.isShow) {
      toast.show(t('complaints.home.collectionRefused'));
      return;
    }
    if (children.length === 0) return next(type, null);
    setExpanded((open) => (open === type.value ? null : type.value));
  };

  return (
    <>
      <section className="card" aria-labelledby="complaint-order-heading">
        <div className="complaint-section-head">
          <h2 id="complaint-order-heading">{t('complaints.home.order')}</h2>
          <button
            type="button"
            className="button button--small button--ghost"
            aria-label={t('complaints.home.allOrdersLabel')}
            aria-haspopup="dialog"
            onClick={() => setPickerOpen(true)}
          >
            {t('complaints.home.allOrders')} ›
          </button>
        </div>
        <OrderSummary order={order} />
      </section>
      <section className="card" aria-labelledby="complaint-types-heading">
        <h2 id="complaint-types-heading">{t('complaints.home.types')}</h2>
        <ProblemTypes
          types={init.problemType}
          sonTypes={init.problemSonType}
          expanded={expanded}
          onType={onType}
          onSonType={next}
        />
      </section>
      <OrderPicker open={pickerOpen} orders={init.orderList} selectedNo={order.orderNo} onChoose={choose} onClose={() => setPickerOpen(false)} />
    </>
  );
}
