import { useCallback, useEffect, useState } from 'react';
import { Limits, OperatorRoutes, type BorrowerHit, type LedgerView, type OrderSignatures, type OrderSummary, type PayoutView, type Receipt } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant, formatMinor } from '../../lib/format';
import { OperatorCallError } from '../../lib/operator-api';
import { ORDERS_PATH } from '../../lib/orders-path';
import { ErrorLine } from '../../ui/FormParts';
import { PlainTable } from '../../ui/PlainTable';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { NotesPanel } from '../../ui/NotesPanel';
import { BackLink, RecordPending, type RecordState } from '../../ui/RecordPage';
import { orderActions, orderTimeline } from './order-timeline';
import { payoutStatusText, statusText } from './order-texts';
import { SignatureEvidence } from './SignatureEvidence';

/** A phone as the order page shows it: its last four digits only; the borrower's page has it whole. */
const maskedPhone = (phone: string) => `••••${phone.slice(-4)}`;

type OrderFile = { order: OrderSummary; payouts: PayoutView[]; ledger: LedgerView; payments: Receipt[]; signatures: OrderSignatures; borrower: BorrowerHit | undefined };
type Loaded = RecordState | { kind: 'found'; file: OrderFile };
/** What an operator may do to an order: each names the order, a rejection may say why. */
type OrderActionRoute = (typeof OperatorRoutes)['orderApprove' | 'orderDisburse' | 'payoutRetry' | 'orderReject'];

/**
 * One order (docs/decisions/175): its figures, what an operator may do to it now, and its timeline
 * with the payouts, ledger entries and payments the server keeps. Every action reloads the whole
 * page from the server, so what is shown is what was stored.
 */
export function OrderPage({ orderNo }: { orderNo: string }) {
  const t = useT();
  usePageTitle('bo.orders.title');
  const { api, language } = useBackoffice();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmingReject, setConfirmingReject] = useState(false);
  const [rejectReason, setRejectReason] = useState('');
  const confirmation = useConfirmation();
  const failureText = useCallback((error: unknown) => (error instanceof OperatorCallError && error.message ? error.message : t('errors.network')), [t]);

  const load = useCallback(async (): Promise<Loaded> => {
    const page = await api.call(OperatorRoutes.orders, { query: { orderNo, limit: 1 } });
    const order = page.items[0];
    if (!order) return { kind: 'missing' };
    const params = { orderNo: order.orderNo };
    const [payouts, ledger, payments, signatures, search] = await Promise.all([
      api.call(OperatorRoutes.payout, { params }),
      api.call(OperatorRoutes.orderLedger, { params }),
      api.call(OperatorRoutes.payments, { query: { orderNo: order.orderNo, limit: Limits.pageSizeMax } }),
      api.call(OperatorRoutes.orderSignatures, { params }),
      // The borrower search by order number names the order's borrower (docs/decisions/173).
      api.call(OperatorRoutes.borrowers, { query: { q: order.orderNo } }),
    ]);
    const borrower = search.items.find((hit) => hit.userId === String(order.userId));
    return { kind: 'found', file: { order, payouts, ledger, payments: payments.items, signatures, borrower } };
  }, [api, orderNo]);

  useEffect(() => {
    let current = true;
    setLoaded({ kind: 'loading' });
    load().then(
      (next) => current && setLoaded(next),
      (error: unknown) => current && setLoaded({ kind: 'failed', message: failureText(error) }),
    );
    return () => {
      current = false;
    };
  }, [load, failureText]);

  if (loaded.kind !== 'found') return <RecordPending listPath={ORDERS_PATH} heading={orderNo} state={loaded} missing={t('bo.orders.notFound', { orderNo })} />;

  const { order, payouts, ledger, payments, signatures, borrower } = loaded.file;
  const actions = orderActions(order, payouts[0]);
  const act = (route: OrderActionRoute, extra: { reason?: string } = {}) => {
    setBusy(true);
    setActionError(null);
    setConfirmingReject(false);
    void api
      .call(route, { body: { orderNo: order.orderNo, ...extra } })
      .then(load)
      .then(setLoaded, (error: unknown) => setActionError(failureText(error)))
      .finally(() => setBusy(false));
  };
  const { currency, market } = order;
  const money = (minor: number) => formatMinor(minor, language, currency);
  const borrowerName = borrower?.name || order.borrowerName || t('bo.borrowers.noName');
  const payoutAmount = money(payouts[0]?.amountMinor ?? order.disbursalMinor);
  /** Asks before the step: who, the order's figures and what moves (docs/decisions/235). */
  const confirmThen = (route: OrderActionRoute, step: 'approve' | 'disburse' | 'retry') =>
    confirmation.ask({
      title: t(`bo.confirm.order.${step}.title`, { orderNo: order.orderNo }),
      lines: [
        t('bo.confirm.borrower', { name: `${borrowerName} #${order.userId}` }),
        t('bo.confirm.order.figures', { principal: money(order.principalMinor), disbursal: money(order.disbursalMinor), repayable: money(order.totalRepayableMinor) }),
        t(`bo.confirm.order.${step}.effect`, { amount: payoutAmount }),
      ],
      confirmLabel: t(step === 'approve' ? 'bo.orders.approve' : step === 'disburse' ? 'bo.orders.disburse' : 'bo.orders.retry'),
      run: () => act(route),
    });

  return (
    <section aria-labelledby="bo-page-heading" className="bo-order">
      <BackLink listPath={ORDERS_PATH} />
      <h1 id="bo-page-heading">
        {order.orderNo} <span className="bo-badge" data-status={order.status}>{statusText(t, order.status)}</span>
      </h1>
      <div className="bo-columns">
        <div>
          <dl className="bo-facts">
            <dt>{t('bo.orders.borrower')}</dt>
            <dd>
              <a href={`#/borrowers/${order.userId}`} data-borrower="">
                {borrower ? `${borrower.name || t('bo.borrowers.noName')} · ${maskedPhone(borrower.phone)}` : order.borrowerName || t('bo.borrowers.noName')}{' '}
                <span className="bo-muted">#{order.userId}</span>
              </a>
            </dd>
            <dt>{t('bo.orders.product')}</dt>
            <dd>{order.productName}</dd>
            <dt>{t('bo.orders.principal')}</dt>
            <dd>{formatMinor(order.principalMinor, language, currency)}</dd>
            <dt>{t('bo.orders.disbursal')}</dt>
            <dd>{formatMinor(order.disbursalMinor, language, currency)}</dd>
            <dt>{t('bo.orders.repayable')}</dt>
            <dd>{formatMinor(order.totalRepayableMinor, language, currency)}</dd>
            <dt>{t('bo.orders.term')}</dt>
            <dd>{t('bo.orders.termDays', { days: order.termDays, periods: order.periods })}</dd>
            {order.dueDate ? (
              <>
                <dt>{t('bo.orders.dueDate')}</dt>
                <dd>{order.dueDate}</dd>
              </>
            ) : null}
            {order.delinquency?.bucket ? (
              <>
                <dt>{t('bo.orders.daysPastDue')}</dt>
                <dd data-testid="order-dpd">
                  {t('bo.orders.daysPastDueValue', { days: order.delinquency.daysPastDue, bucket: order.delinquency.bucket, since: order.delinquency.lateSince ?? '' })}
                  {order.delinquency.writtenOffOn ? ` · ${t('bo.loss.orderWrittenOff', { day: order.delinquency.writtenOffOn })}` : null}
                </dd>
              </>
            ) : null}
          </dl>
          <h2>{t('bo.orders.actions')}</h2>
          <ErrorLine message={actionError} />
          {Object.values(actions).some(Boolean) ? null : <p className="bo-muted">{t('bo.orders.noActions')}</p>}
          <div className="bo-actions">
            {actions.approve ? (
              <button type="button" className="bo-primary" disabled={busy} onClick={() => confirmThen(OperatorRoutes.orderApprove, 'approve')}>
                {t('bo.orders.approve')}
              </button>
            ) : null}
            {actions.disburse ? (
              <button type="button" className="bo-primary" disabled={busy} onClick={() => confirmThen(OperatorRoutes.orderDisburse, 'disburse')}>
                {t('bo.orders.disburse')}
              </button>
            ) : null}
            {actions.retry ? (
              <button type="button" disabled={busy} onClick={() => confirmThen(OperatorRoutes.payoutRetry, 'retry')}>
                {t('bo.orders.retry')}
              </button>
            ) : null}
            {actions.reject && !confirmingReject ? (
              <button type="button" disabled={busy} onClick={() => setConfirmingReject(true)}>
                {t('bo.orders.reject')}
              </button>
            ) : null}
          </div>
          {confirmingReject ? (
            <form
              className="bo-notice bo-reply-form"
              aria-labelledby="bo-reject-question"
              onSubmit={(event) => {
                event.preventDefault();
                act(OperatorRoutes.orderReject, { reason: rejectReason.trim() });
              }}
            >
              <p id="bo-reject-question">{t('bo.orders.rejectConfirm')}</p>
              <p>
                {t('bo.confirm.borrower', { name: `${borrowerName} #${order.userId}` })}.{' '}
                {t('bo.confirm.order.figures', { principal: money(order.principalMinor), disbursal: money(order.disbursalMinor), repayable: money(order.totalRepayableMinor) })}.
              </p>
              <label>
                {t('bo.orders.rejectReason')}
                <textarea name="reason" rows={2} required minLength={3} maxLength={500} value={rejectReason} onChange={(event) => setRejectReason(event.currentTarget.value)} />
              </label>
              <div className="bo-actions">
                <button type="submit" className="bo-primary" disabled={busy || rejectReason.trim().length < 3}>
                  {t('bo.orders.reject')}
                </button>
                <button type="button" onClick={() => setConfirmingReject(false)}>
                  {t('bo.orders.keep')}
                </button>
              </div>
            </form>
          ) : null}
        </div>
        <div>
          <h2>{t('bo.orders.timeline')}</h2>
          <ol className="bo-timeline" data-timeline="">
            {orderTimeline(order, payouts).map((event, index) => (
              <li key={index}>
                <time dateTime={event.at}>{formatInstant(event.at, language, market)}</time>{' '}
                {event.kind === 'status'
                  ? statusText(t, event.status)
                  : event.stage === 'created'
                    ? t('bo.orders.payoutCreated', {
                        amount: formatMinor(event.payout.amountMinor, language, event.payout.currency),
                        last4: event.payout.accountLast4 ?? '····',
                      })
                    : t('bo.orders.payoutPaid', { ref: event.payout.transferRef ?? '—' })}
              </li>
            ))}
          </ol>
        </div>
      </div>

      {confirmation.dialog}
      <SignatureEvidence signatures={signatures} market={market} />

      <h2>{t('bo.orders.payouts')}</h2>
      <PlainTable
        rows={payouts}
        rowKey={(payout) => payout.idempotencyKey}
        rowData={(payout) => payout.status}
        columns={[
          { header: t('bo.orders.status'), cell: (payout) => payoutStatusText(t, payout.status) },
          { header: t('bo.orders.amount'), cell: (payout) => formatMinor(payout.amountMinor, language, payout.currency) },
          { header: t('bo.orders.transferRef'), cell: (payout) => payout.transferRef ?? '—' },
          { header: t('bo.orders.reason'), cell: (payout) => [payout.reason, payout.detail].filter(Boolean).join(': ') || '—' },
          { header: t('bo.orders.attempts'), cell: (payout) => payout.attempts },
          { header: t('bo.orders.placed'), cell: (payout) => formatInstant(payout.createdAt, language, market) },
        ]}
      />

      <h2>{t('bo.orders.ledger')}</h2>
      <PlainTable
        rows={ledger.entries}
        rowKey={(entry) => String(entry.id)}
        columns={[
          { header: t('bo.orders.entry'), cell: (entry) => entry.kind },
          { header: t('bo.orders.booked'), cell: (entry) => entry.bookedOn },
          { header: t('bo.orders.postings'), cell: (entry) => entry.postings.map((posting) => `${posting.account} ${formatMinor(posting.amountMinor, language, currency)}`).join(' · ') },
        ]}
      />

      <h2>{t('bo.orders.payments')}</h2>
      <PlainTable
        rows={payments}
        rowKey={(payment) => String(payment.id)}
        columns={[
          { header: t('bo.orders.receipt'), cell: (payment) => payment.receiptNo },
          { header: t('bo.orders.channel'), cell: (payment) => payment.channelCode },
          { header: t('bo.orders.amount'), cell: (payment) => formatMinor(payment.amountMinor, language, currency) },
          { header: t('bo.orders.paidAt'), cell: (payment) => formatInstant(payment.paidAt, language, market) },
        ]}
      />

      <NotesPanel kind="order" subjectId={order.orderNo} market={market} />
    </section>
  );
}
