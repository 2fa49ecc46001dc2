import { useState, type FormEvent } from 'react';
import {
  OperatorRoutes,
  type LedgerCheckView,
  type ManualPaymentResult,
  type Receipt,
  type RefundView,
  type SettlementReportView,
} from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatInstant, formatMinor, marketOfCurrency, minorFromTyped } from '../../lib/format';
import { hashHref, navigate, type HashLocation } from '../../lib/hash-location';
import { useCursorPages } from '../../ui/cursor-pages';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';
import { PlainTable } from '../../ui/PlainTable';
import { byId, OrderFilter, orderLink, PAGE_SIZE, serverPage, useSending } from './payment-parts';
import { IssuedReferences, PendingCards, RefundApprovals, WebhookDeliveries } from './PaymentsFollowUp';
import { RefundForm } from './RefundForm';
import { PaymentExceptions } from './PaymentExceptions';
import { cleanOrderNo, defaultSettlementDay, PAYMENTS_PATH, ledgerMismatchLines, PAYMENT_VIEWS, paymentViewOf, type PaymentViewName } from './payment-views';

export { PAYMENTS_PATH } from './payment-views';

const VIEW_KEYS: Record<PaymentViewName, BackofficeKey> = {
  received: 'bo.pay.view.received',
  exceptions: 'bo.pay.view.exceptions',
  refunds: 'bo.pay.view.refunds',
  cards: 'bo.pay.view.cards',
  references: 'bo.pay.view.references',
  webhooks: 'bo.pay.view.webhooks',
  ledger: 'bo.pay.view.ledger',
  settlement: 'bo.pay.view.settlement',
  record: 'bo.pay.view.record',
};

function Received({ orderNo }: { orderNo: string }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const [reference, setReference] = useState('');
  const [referenceAnswer, setReferenceAnswer] = useState<string | null>(null);
  const pages = useCursorPages<Receipt>(`received:${orderNo}`, (cursor) => api.call(OperatorRoutes.payments, { query: { orderNo: orderNo || undefined, limit: PAGE_SIZE, cursor } }), failureText);
  // A payment reference names the order it was issued for; the receipts are then that order's.
  const findReference = (event: FormEvent) => {
    event.preventDefault();
    const wanted = reference.trim();
    if (!wanted) return;
    setReferenceAnswer(null);
    api.call(OperatorRoutes.paymentReference, { params: { reference: wanted } }).then(
      (found) => {
        const first = found[0];
        if (first) navigate(PAYMENTS_PATH, { view: 'received', orderNo: first.orderNo });
        else setReferenceAnswer(t('bo.pay.referenceUnknown', { reference: wanted }));
      },
      (failure: unknown) => setReferenceAnswer(failureText(failure)),
    );
  };
  const columns: Column<Receipt>[] = [
    { id: 'receipt', header: t('bo.pay.receipt'), cell: (row) => row.receiptNo },
    { id: 'order', header: t('bo.pay.order'), cell: (row) => orderLink(row.orderNo) },
    { id: 'amount', header: t('bo.pay.amount'), cell: (row) => formatMinor(row.amountMinor, language, row.currency) },
    { id: 'provider', header: t('bo.pay.provider'), cell: (row) => [row.provider, row.channelCode].filter(Boolean).join(' · ') },
    { id: 'purpose', header: t('bo.pay.purpose'), cell: (row) => t(row.purpose === 'extension' ? 'bo.pay.purpose.extension' : 'bo.pay.purpose.repayment') },
    { id: 'paid', header: t('bo.pay.paidAt'), cell: (row) => formatInstant(row.paidAt, language, row.market) },
    { id: 'by', header: t('bo.pay.recordedBy'), cell: (row) => [row.recordedBy, row.note].filter(Boolean).join(': ') },
    {
      id: 'refund',
      header: t('bo.pay.refund'),
      cell: (row) => <a href={hashHref(PAYMENTS_PATH, { view: 'refunds', orderNo: row.orderNo })}>{t('bo.pay.refundThis')}</a>,
    },
  ];
  return (
    <>
      <OrderFilter key={orderNo} view="received" orderNo={orderNo} />
      <form className="bo-filters" onSubmit={findReference} role="search">
        <label>
          {t('bo.pay.reference')}
          <input name="reference" value={reference} maxLength={40} onChange={(event) => setReference(event.currentTarget.value)} />
        </label>
        <button type="submit">{t('bo.pay.findReference')}</button>
      </form>
      <ErrorLine message={referenceAnswer} />
      <ExportLink route={OperatorRoutes.paymentsCsv} query={{ orderNo: orderNo || undefined }} />
      <DataTable
        caption={orderNo ? t('bo.pay.received.captionOrder', { orderNo }) : t('bo.pay.received.caption')}
        columns={columns}
        rowLabel={(row) => row.receiptNo}
        {...serverPage(pages, byId)}
      />
    </>
  );
}

function Refunds({ orderNo }: { orderNo: string }) {
  const t = useT();
  const [asked, setAsked] = useState(0);
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const pages = useCursorPages<RefundView>(`refunds:${orderNo}`, (cursor) => api.call(OperatorRoutes.refunds, { query: { orderNo: orderNo || undefined, limit: PAGE_SIZE, cursor } }), failureText);
  const columns: Column<RefundView>[] = [
    { id: 'order', header: t('bo.pay.order'), cell: (row) => orderLink(row.orderNo) },
    { id: 'amount', header: t('bo.pay.amount'), cell: (row) => formatMinor(row.amountMinor, language, row.currency) },
    { id: 'provider', header: t('bo.pay.provider'), cell: (row) => row.provider },
    { id: 'status', header: t('bo.pay.status'), cell: (row) => row.status },
    { id: 'by', header: t('bo.pay.recordedBy'), cell: (row) => [row.recordedBy, row.note].filter(Boolean).join(': ') },
    { id: 'created', header: t('bo.pay.createdAt'), cell: (row) => formatInstant(row.createdAt, language, marketOfCurrency(row.currency)) },
  ];
  return (
    <>
      <RefundApprovals refreshKey={asked} onDecided={pages.reload} />
      <OrderFilter key={orderNo} view="refunds" orderNo={orderNo} />
      <ExportLink route={OperatorRoutes.refundsCsv} query={{ orderNo: orderNo || undefined }} />
      <DataTable
        caption={orderNo ? t('bo.pay.refunds.captionOrder', { orderNo }) : t('bo.pay.refunds.caption')}
        columns={columns}
        rowLabel={(row) => `${row.orderNo} ${row.id}`}
        {...serverPage(pages, byId)}
      />
      <RefundForm
        key={`form:${orderNo}`}
        orderNo={orderNo}
        onRefunded={() => {
          pages.reload();
          setAsked((count) => count + 1);
        }}
      />
    </>
  );
}

/** The books' check is read, never stored: it runs when asked, and the answer is today's. */
function LedgerCheck() {
  const t = useT();
  const { api } = useBackoffice();
  const { busy, error, done: result, send } = useSending<LedgerCheckView>();
  const run = () => send(() => api.call(OperatorRoutes.ledgerCheck));
  return (
    <>
      <p className="bo-hint">{t('bo.pay.ledger.hint')}</p>
      <div className="bo-actions">
        <button type="button" className="bo-primary" onClick={run} disabled={busy}>
          {t('bo.pay.ledger.run')}
        </button>
      </div>
      <ErrorLine message={error} />
      {busy ? <p role="status">{t('bo.table.loading')}</p> : null}
      {result ? (
        <>
          <p className={result.mismatchCount === 0 ? 'bo-notice' : 'bo-error'} role="status">
            {t(result.mismatchCount === 0 ? 'bo.pay.ledger.clean' : 'bo.pay.ledger.mismatches', { orders: result.ordersChecked, count: result.mismatchCount })}
          </p>
          <PlainTable
            columns={[
              { header: t('bo.pay.ledger.kind'), cell: (row) => row.kind },
              { header: t('bo.pay.order'), cell: (row) => (row.orderNo ? orderLink(row.orderNo) : '') },
              { header: t('bo.pay.ledger.detail'), cell: (row) => row.detail },
            ]}
            rows={ledgerMismatchLines(result)}
            rowKey={(row) => row.key}
          />
        </>
      ) : null}
    </>
  );
}

function Settlement() {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const [day, setDay] = useState(() => defaultSettlementDay(new Date()));
  const [provider, setProvider] = useState('');
  const { busy, error, done, send } = useSending<{ day: string; count: number }>();
  const pages = useCursorPages<SettlementReportView>(
    'settlement',
    (cursor) => api.call(OperatorRoutes.settlementReports, { query: { limit: PAGE_SIZE, cursor } }),
    failureText,
  );
  const run = (event: FormEvent) => {
    event.preventDefault();
    send(() =>
      api.call(OperatorRoutes.settlementRun, { body: { day, provider: provider.trim() || undefined } }).then((result) => {
        pages.reload();
        return { day, count: result.reports.length };
      }),
    );
  };
  const columns: Column<SettlementReportView>[] = [
    { id: 'day', header: t('bo.pay.settlement.day'), cell: (row) => formatDay(row.day, language) },
    { id: 'provider', header: t('bo.pay.provider'), cell: (row) => row.provider },
    { id: 'matched', header: t('bo.pay.settlement.matched'), cell: (row) => row.matchedCount },
    { id: 'missingLedger', header: t('bo.pay.settlement.missingInLedger'), cell: (row) => row.missingInLedger.length },
    { id: 'missingProvider', header: t('bo.pay.settlement.missingAtProvider'), cell: (row) => row.missingAtProvider.length },
    { id: 'fees', header: t('bo.pay.settlement.fees'), cell: (row) => formatMinor(row.feeTotalMinor, language, row.currency ?? undefined) },
    { id: 'created', header: t('bo.pay.createdAt'), cell: (row) => formatInstant(row.createdAt, language) },
  ];
  return (
    <>
      <form className="bo-filters" onSubmit={run} aria-label={t('bo.pay.settlement.run')}>
        <label>
          {t('bo.pay.settlement.day')}
          <input type="date" name="day" required value={day} onChange={(event) => setDay(event.currentTarget.value)} />
        </label>
        <label>
          {t('bo.pay.settlement.provider')}
          <input name="provider" maxLength={40} value={provider} onChange={(event) => setProvider(event.currentTarget.value)} />
        </label>
        <button type="submit" className="bo-primary" disabled={busy}>
          {t('bo.pay.settlement.run')}
        </button>
      </form>
      <ErrorLine message={error} />
      <Notice text={done ? t('bo.pay.settlement.done', { count: done.count, day: formatDay(done.day, language) }) : null} />
      <ExportLink route={OperatorRoutes.settlementReportsCsv} />
      <DataTable
        caption={t('bo.pay.settlement.caption')}
        columns={columns}
        rowLabel={(row) => `${row.provider} ${row.day}`}
        {...serverPage(pages, byId)}
      />
    </>
  );
}

/** A transfer received outside a provider; the server applies the same order and bank reference once, and audits it. */
function RecordTransfer() {
  const t = useT();
  const { api, language, me } = useBackoffice();
  const [orderNo, setOrderNo] = useState('');
  const [amount, setAmount] = useState('');
  const [referenceNote, setReferenceNote] = useState('');
  const { busy, error, done, setError, send } = useSending<ManualPaymentResult>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = minorFromTyped(amount);
    if (amountMinor === null) {
      setError(t('bo.pay.amountInvalid'));
      return;
    }
    send(() => api.call(OperatorRoutes.paymentRecord, { body: { orderNo: cleanOrderNo(orderNo), amountMinor, referenceNote: referenceNote.trim(), recordedBy: me.name.slice(0, 100) } }));
  };
  return (
    <form className="bo-reply-form" onSubmit={submit} aria-label={t('bo.pay.view.record')}>
      <p className="bo-hint">{t('bo.pay.record.hint')}</p>
      <ErrorLine message={error} />
      <Notice
        text={
          done
            ? t(done.replay ? 'bo.pay.record.replay' : 'bo.pay.record.done', {
                receiptNo: done.receipt.receiptNo,
                orderNo: done.receipt.orderNo,
                amount: formatMinor(done.receipt.amountMinor, language, done.receipt.currency),
                balance: formatMinor(done.receipt.balanceAfterMinor, language, done.receipt.currency),
              })
            : null
        }
      />
      <label>
        {t('bo.pay.orderNo')}
        <input name="orderNo" required maxLength={32} value={orderNo} onChange={(event) => setOrderNo(event.currentTarget.value)} />
      </label>
      <label>
        {t('bo.pay.amount')}
        <input name="amount" required inputMode="decimal" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} />
      </label>
      <label>
        {t('bo.pay.record.reference')}
        <input name="referenceNote" required maxLength={200} value={referenceNote} onChange={(event) => setReferenceNote(event.currentTarget.value)} />
      </label>
      <div className="bo-actions">
        <button type="submit" className="bo-primary" disabled={busy}>
          {t('bo.pay.record.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * The Payments section (docs/decisions/176): what came in, what was parked and how it was closed (208), what went back and
 * what waits for a second person (180), card payments still pending (181), the cash references
 * issued and the providers' deliveries with their outcome (182), whether the books agree and whether the providers' settlements do; and a transfer
 * received by hand.
 */
export function PaymentsSection({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.nav.payments');
  const view = paymentViewOf(location.params.get('view'));
  const orderNo = cleanOrderNo(location.params.get('orderNo') ?? '');
  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.nav.payments')}</h1>
      <nav className="bo-tabs" aria-label={t('bo.pay.views')}>
        {PAYMENT_VIEWS.map((candidate) => (
          <a key={candidate} href={hashHref(PAYMENTS_PATH, { view: candidate })} aria-current={candidate === view ? 'page' : undefined}>
            {t(VIEW_KEYS[candidate])}
          </a>
        ))}
      </nav>
      <h2>{t(VIEW_KEYS[view])}</h2>
      {view === 'received' ? <Received orderNo={orderNo} /> : null}
      {view === 'exceptions' ? <PaymentExceptions key={location.params.get('state') ?? ''} state={location.params.get('state')} /> : null}
      {view === 'refunds' ? <Refunds orderNo={orderNo} /> : null}
      {view === 'cards' ? <PendingCards /> : null}
      {view === 'webhooks' ? (
        <WebhookDeliveries key={`${location.params.get('outcome') ?? ''}:${location.params.get('provider') ?? ''}`} outcome={location.params.get('outcome')} provider={location.params.get('provider') ?? ''} />
      ) : null}
      {view === 'references' ? <IssuedReferences key={`${orderNo}:${location.params.get('state') ?? ''}`} orderNo={orderNo} state={location.params.get('state')} /> : null}
      {view === 'ledger' ? <LedgerCheck /> : null}
      {view === 'settlement' ? <Settlement /> : null}
      {view === 'record' ? <RecordTransfer /> : null}
    </section>
  );
}
