import { useEffect, useState, type FormEvent } from 'react';
import { LoanStatus, OperatorRoutes, type OrderSummary, type PayoutView } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant, formatMinor, marketOfCurrency } from '../../lib/format';
import { navigate, type HashLocation } from '../../lib/hash-location';
import { ORDERS_PATH } from '../../lib/orders-path';
import { OperatorCallError } from '../../lib/operator-api';
import { useCursorPages } from '../../ui/cursor-pages';
import { BorrowerLink } from '../../ui/BorrowerLink';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { FilterActions } from '../../ui/FormParts';
import { payoutStatusText } from './order-texts';

/** The review queue is the orders under review; the others are the payout views (docs/decisions/152, 175). */
const VIEWS = ['review', 'attention', 'queue', 'ceiling'] as const;
type View = (typeof VIEWS)[number];
const VIEW_KEYS: Record<View, BackofficeKey> = {
  review: 'bo.orders.view.review',
  attention: 'bo.orders.view.attention',
  queue: 'bo.orders.view.queue',
  ceiling: 'bo.orders.view.ceiling',
};

/** The review queue is the list of orders under review. */
const REVIEW_FILTERS = { status: LoanStatus.UnderReview };

const NO_PAGES = { pageNumber: 1, hasPrevious: false, hasNext: false, onPrevious: () => undefined, onNext: () => undefined };

function ReviewTable({ view }: { view: string }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const pages = useCursorPages<OrderSummary>(
    'review',
    (cursor) => api.call(OperatorRoutes.orders, { query: { ...REVIEW_FILTERS, limit: 20, cursor } }),
    (error) => (error instanceof OperatorCallError ? error.message : t('errors.network')),
  );
  const columns: Column<OrderSummary>[] = [
    { id: 'order', header: t('bo.orders.order'), cell: (row) => <a href={`#${ORDERS_PATH}/${row.orderNo}`}>{row.orderNo}</a> },
    { id: 'borrower', header: t('bo.orders.borrower'), cell: (row) => <BorrowerLink id={row.userId} name={row.borrowerName} /> },
    { id: 'product', header: t('bo.orders.product'), cell: (row) => row.productName },
    { id: 'amount', header: t('bo.orders.amount'), cell: (row) => formatMinor(row.principalMinor, language, row.currency) },
    { id: 'placed', header: t('bo.orders.placed'), cell: (row) => formatInstant(row.createdAt, language, row.market) },
    // How late the order is, as the order clock last worked it out (docs/decisions/242); blank for one never late.
    { id: 'dpd', header: t('bo.orders.daysPastDue'), cell: (row) => (row.delinquency?.bucket ? `${row.delinquency.daysPastDue} · ${row.delinquency.bucket}` : '') },
  ];
  return (
    <>
      <ExportLink route={OperatorRoutes.ordersCsv} query={REVIEW_FILTERS} />
      <DataTable
      caption={t('bo.orders.caption', { view })}
      columns={columns}
      rows={pages.items}
      rowKey={(row) => row.orderNo}
      rowLabel={(row) => `${t('bo.table.openRow')} ${row.orderNo}`}
      onOpen={(row) => navigate(`${ORDERS_PATH}/${row.orderNo}`)}
      loading={pages.loading}
      error={pages.error}
      paging={{ pageNumber: pages.pageNumber, hasPrevious: pages.hasPrevious, hasNext: pages.hasNext, onPrevious: pages.previous, onNext: pages.next }}
    />
    </>
  );
}

/** The payout views are short by nature (what waits today), so the server sends each whole. */
function PayoutTable({ view, caption }: { view: Exclude<View, 'review'>; caption: string }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const [rows, setRows] = useState<PayoutView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setRows(null);
    setError(null);
    api.call(OperatorRoutes.payouts, { query: { view } }).then(
      (payouts) => current && setRows(payouts),
      (failure: unknown) => current && setError(failure instanceof OperatorCallError ? failure.message : t('errors.network')),
    );
    return () => {
      current = false;
    };
  }, [api, view, t]);
  const columns: Column<PayoutView>[] = [
    { id: 'order', header: t('bo.orders.order'), cell: (row) => <a href={`#${ORDERS_PATH}/${row.orderNo}`}>{row.orderNo}</a> },
    { id: 'amount', header: t('bo.orders.amount'), cell: (row) => formatMinor(row.amountMinor, language, row.currency) },
    { id: 'status', header: t('bo.orders.status'), cell: (row) => payoutStatusText(t, row.status) },
    { id: 'reason', header: t('bo.orders.reason'), cell: (row) => [row.reason, row.detail].filter(Boolean).join(': ') },
    { id: 'placed', header: t('bo.orders.placed'), cell: (row) => formatInstant(row.createdAt, language, marketOfCurrency(row.currency)) },
  ];
  return (
    <DataTable
      caption={t('bo.orders.caption', { view: caption })}
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.orderNo}-${row.idempotencyKey}`}
      rowLabel={(row) => `${t('bo.table.openRow')} ${row.orderNo}`}
      onOpen={(row) => navigate(`${ORDERS_PATH}/${row.orderNo}`)}
      loading={rows === null && error === null}
      error={error}
      paging={NO_PAGES}
    />
  );
}

/** The orders' queues (docs/decisions/175): the review queue paged on the server, and the payouts that wait or need someone. */
export function OrdersQueue({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.orders.title');
  const viewParam = location.params.get('view');
  const view: View = VIEWS.find((candidate) => candidate === viewParam) ?? 'review';
  const [orderNo, setOrderNo] = useState('');
  const find = (event: FormEvent) => {
    event.preventDefault();
    // Order numbers are letters and digits; anything else could not name one.
    const wanted = orderNo.replace(/[^A-Za-z0-9]/g, '');
    if (wanted) navigate(`${ORDERS_PATH}/${wanted}`);
  };
  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.orders.title')}</h1>
      <form className="bo-filters" onSubmit={find} role="search">
        <label>
          {t('bo.orders.view')}
          <select name="view" value={view} onChange={(event) => navigate(ORDERS_PATH, { view: event.currentTarget.value })}>
            {VIEWS.map((candidate) => (
              <option key={candidate} value={candidate}>
                {t(VIEW_KEYS[candidate])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('bo.orders.search')}
          <input name="orderNo" value={orderNo} maxLength={32} onChange={(event) => setOrderNo(event.currentTarget.value)} />
        </label>
        <FilterActions onClear={() => navigate(ORDERS_PATH)} />
      </form>
      {view === 'review' ? <ReviewTable view={t(VIEW_KEYS.review)} /> : <PayoutTable key={view} view={view} caption={t(VIEW_KEYS[view])} />}
    </section>
  );
}
