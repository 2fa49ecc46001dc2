import { useState, type FormEvent } from 'react';
import {
  OperatorRoutes,
  REFERENCE_STATES,
  WEBHOOK_OUTCOMES,
  type CardReconcileOneResult,
  type CardRepaymentStatusValue,
  type IssuedReference,
  type PendingCardCharge,
  type RefundApprovalView,
  type ReferenceState,
  type WebhookDelivery,
  type WebhookOutcome,
} from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant, formatMinor, marketOfCurrency } from '../../lib/format';
import { navigate } from '../../lib/hash-location';
import { useCursorPages } from '../../ui/cursor-pages';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { ErrorLine, FilterActions, Notice, useFailureText } from '../../ui/FormParts';
import { byId, ChoiceSelect, OrderFilter, orderLink, PAGE_SIZE, serverPage, useSending } from './payment-parts';
import { approvalStanding, PAYMENTS_PATH, referenceStateOf, webhookOutcomeOf } from './payment-views';

const CARD_STATUS_KEYS: Record<CardRepaymentStatusValue, BackofficeKey> = {
  awaitingCode: 'bo.pay.cards.status.awaitingCode',
  charging: 'bo.pay.cards.status.charging',
  paid: 'bo.pay.cards.status.paid',
  declined: 'bo.pay.cards.status.declined',
  insufficientFunds: 'bo.pay.cards.status.insufficientFunds',
  failed: 'bo.pay.cards.status.failed',
  cancelled: 'bo.pay.cards.status.cancelled',
};
/** A card payment's state in the reader's language; one this screen does not know, as the server names it. */
const cardStatusKey = (status: string): BackofficeKey | undefined => Object.entries(CARD_STATUS_KEYS).find(([value]) => value === status)?.[1];

const STANDING_KEYS: Record<ReturnType<typeof approvalStanding>, BackofficeKey> = {
  decide: 'bo.pay.approval.decide',
  mine: 'bo.pay.approval.awaitingSecond',
  'needs-admin': 'bo.pay.approval.awaitingAdmin',
};

/** One request's approve and decline, for an administrator who did not ask for it. */
function ApprovalDecision({ approval, onDecided }: { approval: RefundApprovalView; onDecided: () => void }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const [note, setNote] = useState('');
  const { busy, error, setError, send } = useSending<unknown>();
  const confirmation = useConfirmation();
  const params = { approvalId: approval.id };
  const amount = formatMinor(approval.amountMinor, language, approval.currency);
  const approve = () =>
    confirmation.ask({
      title: t('bo.confirm.approval.title', { amount, orderNo: approval.orderNo }),
      lines: [t(approval.outside ? 'bo.confirm.refund.outside' : 'bo.confirm.approval.effect', { person: approval.requestedBy })],
      confirmLabel: t('bo.pay.approval.approve'),
      run: () => send(() => api.call(OperatorRoutes.refundApprovalApprove, { params }).then(onDecided)),
    });
  const decline = () => {
    if (!note.trim()) {
      setError(t('bo.pay.approval.noteNeeded'));
      return;
    }
    confirmation.ask({
      title: t('bo.confirm.approval.decline.title', { amount, orderNo: approval.orderNo }),
      lines: [t('bo.confirm.approval.decline.effect'), t('bo.confirm.reason', { reason: note.trim() })],
      confirmLabel: t('bo.pay.approval.decline'),
      run: () => send(() => api.call(OperatorRoutes.refundApprovalDecline, { params, body: { note: note.trim() } }).then(onDecided)),
    });
  };
  return (
    <div className="bo-actions">
      {confirmation.dialog}
      <ErrorLine message={error} />
      <button type="button" className="bo-primary" disabled={busy} onClick={approve} aria-label={t('bo.pay.approval.approveOrder', { orderNo: approval.orderNo })}>
        {t('bo.pay.approval.approve')}
      </button>
      <label>
        {t('bo.pay.approval.note')}
        <input name={`declineNote-${approval.id}`} maxLength={200} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      </label>
      <button type="button" disabled={busy} onClick={decline} aria-label={t('bo.pay.approval.declineOrder', { orderNo: approval.orderNo })}>
        {t('bo.pay.approval.decline')}
      </button>
    </div>
  );
}

/**
 * Refunds above the limit waiting for a second person (docs/decisions/180): an administrator who did
 * not ask approves or declines; the one who asked reads that it waits for someone else.
 */
export function RefundApprovals({ refreshKey, onDecided }: { refreshKey: number; onDecided: () => void }) {
  const t = useT();
  const { api, language, me } = useBackoffice();
  const failureText = useFailureText();
  const pages = useCursorPages<RefundApprovalView>(
    `approvals:${refreshKey}`,
    (cursor) => api.call(OperatorRoutes.refundApprovals, { query: { status: 'pending', limit: PAGE_SIZE, cursor } }),
    failureText,
  );
  const decided = () => {
    pages.reload();
    onDecided();
  };
  const columns: Column<RefundApprovalView>[] = [
    { id: 'order', header: t('bo.pay.order'), cell: (row) => orderLink(row.orderNo) },
    { id: 'amount', header: t('bo.pay.amount'), cell: (row) => formatMinor(row.amountMinor, language, row.currency) },
    { id: 'by', header: t('bo.pay.approval.requestedBy'), cell: (row) => row.requestedBy },
    { id: 'created', header: t('bo.pay.createdAt'), cell: (row) => formatInstant(row.createdAt, language, marketOfCurrency(row.currency)) },
    {
      id: 'decision',
      header: t('bo.pay.approval.decision'),
      cell: (row) => {
        const standing = approvalStanding(row, me);
        return standing === 'decide' ? <ApprovalDecision approval={row} onDecided={decided} /> : t(STANDING_KEYS[standing]);
      },
    },
  ];
  return (
    <>
      <ExportLink route={OperatorRoutes.refundApprovalsCsv} query={{ status: 'pending' }} />
      <DataTable caption={t('bo.pay.approval.caption')} columns={columns} rowLabel={(row) => `${row.orderNo} ${row.id}`} {...serverPage(pages, byId)} />
    </>
  );
}

/** Card and checkout payments still waiting on the provider; one is asked of it now and settled once (docs/decisions/181). */
export function PendingCards() {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const pages = useCursorPages<PendingCardCharge>('pending-cards', (cursor) => api.call(OperatorRoutes.cardRepaymentsPending, { query: { limit: PAGE_SIZE, cursor } }), failureText);
  const { busy, error, done, send } = useSending<CardReconcileOneResult>();
  const cardStatusText = (status: string) => {
    const key = cardStatusKey(status);
    return key ? t(key) : status;
  };
  const reconcile = (recordNo: string) =>
    send(() =>
      api.call(OperatorRoutes.cardRepaymentReconcile, { params: { recordNo } }).then((result) => {
        pages.reload();
        return result;
      }),
    );
  const columns: Column<PendingCardCharge>[] = [
    { id: 'order', header: t('bo.pay.order'), cell: (row) => orderLink(row.orderNo) },
    { id: 'record', header: t('bo.pay.cards.record'), cell: (row) => row.recordNo },
    { id: 'amount', header: t('bo.pay.amount'), cell: (row) => formatMinor(row.amountMinor, language, row.currency) },
    { id: 'provider', header: t('bo.pay.provider'), cell: (row) => `${row.provider} · ${row.method}` },
    { id: 'started', header: t('bo.pay.cards.started'), cell: (row) => (row.chargeStartedAt ? formatInstant(row.chargeStartedAt, language, row.market) : '') },
    {
      id: 'reconcile',
      header: t('bo.pay.cards.reconcile'),
      cell: (row) => (
        <button type="button" disabled={busy} onClick={() => reconcile(row.recordNo)} aria-label={t('bo.pay.cards.reconcileRecord', { recordNo: row.recordNo })}>
          {t('bo.pay.cards.reconcile')}
        </button>
      ),
    },
  ];
  return (
    <>
      <p className="bo-hint">{t('bo.pay.cards.hint')}</p>
      <ErrorLine message={error} />
      <Notice text={done ? t(done.changed ? 'bo.pay.cards.settled' : 'bo.pay.cards.unchanged', { recordNo: done.recordNo, status: cardStatusText(done.status) }) : null} />
      <ExportLink route={OperatorRoutes.cardRepaymentsPendingCsv} />
      <DataTable caption={t('bo.pay.cards.caption')} columns={columns} rowLabel={(row) => row.recordNo} {...serverPage(pages, (row) => row.recordNo)} />
    </>
  );
}

const STATE_KEYS: Record<ReferenceState, BackofficeKey> = {
  open: 'bo.pay.references.state.open',
  paid: 'bo.pay.references.state.paid',
  expired: 'bo.pay.references.state.expired',
  replaced: 'bo.pay.references.state.replaced',
};

/** Cash references issued and where each stands, filtered by order and state in the address (docs/decisions/182). */
export function IssuedReferences({ orderNo, state }: { orderNo: string; state: string | null }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const wanted = referenceStateOf(state);
  const [typedState, setTypedState] = useState<ReferenceState | ''>(wanted ?? '');
  const pages = useCursorPages<IssuedReference>(
    `references:${orderNo}:${wanted ?? ''}`,
    (cursor) => api.call(OperatorRoutes.paymentReferences, { query: { orderNo: orderNo || undefined, state: wanted, limit: PAGE_SIZE, cursor } }),
    failureText,
  );
  const columns: Column<IssuedReference>[] = [
    { id: 'reference', header: t('bo.pay.reference'), cell: (row) => row.reference },
    { id: 'order', header: t('bo.pay.order'), cell: (row) => orderLink(row.orderNo) },
    { id: 'channel', header: t('bo.pay.references.channel'), cell: (row) => [row.issuedBy, row.channelCode].filter(Boolean).join(' · ') },
    { id: 'amount', header: t('bo.pay.amount'), cell: (row) => formatMinor(row.amountMinor, language, row.currency) },
    { id: 'purpose', header: t('bo.pay.purpose'), cell: (row) => t(row.purpose === 'extension' ? 'bo.pay.purpose.extension' : 'bo.pay.purpose.repayment') },
    { id: 'state', header: t('bo.pay.status'), cell: (row) => t(STATE_KEYS[row.state]) },
    { id: 'expires', header: t('bo.pay.references.expires'), cell: (row) => formatInstant(row.expiresAt, language, row.market) },
  ];
  return (
    <>
      <OrderFilter view="references" orderNo={orderNo} extra={() => ({ state: referenceStateOf(typedState) })}>
        <ChoiceSelect
          label={t('bo.pay.status')}
          name="state"
          values={REFERENCE_STATES}
          keys={STATE_KEYS}
          value={typedState}
          onChange={(chosen) => setTypedState(chosen ?? '')}
          anyText={t('bo.pay.references.state.any')}
        />
      </OrderFilter>
      <ExportLink route={OperatorRoutes.paymentReferencesCsv} query={{ orderNo: orderNo || undefined, state: wanted }} />
      <DataTable caption={t('bo.pay.references.caption')} columns={columns} rowLabel={(row) => row.reference} {...serverPage(pages, byId)} />
    </>
  );
}

const OUTCOME_KEYS: Record<WebhookOutcome, BackofficeKey> = {
  applied: 'bo.pay.webhooks.outcome.applied',
  duplicate: 'bo.pay.webhooks.outcome.duplicate',
  refused: 'bo.pay.webhooks.outcome.refused',
  unknown: 'bo.pay.webhooks.outcome.unknown',
};

/** Providers' payment deliveries and what became of each, filtered by outcome and provider in the address (docs/decisions/182). */
export function WebhookDeliveries({ outcome, provider }: { outcome: string | null; provider: string }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const wanted = webhookOutcomeOf(outcome);
  const [typedOutcome, setTypedOutcome] = useState<WebhookOutcome | ''>(wanted ?? '');
  const [typedProvider, setTypedProvider] = useState(provider);
  const pages = useCursorPages<WebhookDelivery>(
    `webhooks:${wanted ?? ''}:${provider}`,
    (cursor) => api.call(OperatorRoutes.webhookDeliveries, { query: { outcome: wanted, provider: provider || undefined, limit: PAGE_SIZE, cursor } }),
    failureText,
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(PAYMENTS_PATH, { view: 'webhooks', outcome: webhookOutcomeOf(typedOutcome), provider: typedProvider.trim() || undefined });
  };
  const columns: Column<WebhookDelivery>[] = [
    { id: 'received', header: t('bo.pay.receivedAt'), cell: (row) => formatInstant(row.receivedAt, language, row.market ?? undefined) },
    { id: 'provider', header: t('bo.pay.provider'), cell: (row) => row.provider },
    { id: 'event', header: t('bo.pay.eventId'), cell: (row) => row.eventId },
    { id: 'outcome', header: t('bo.pay.webhooks.outcome'), cell: (row) => t(OUTCOME_KEYS[row.outcome]) },
    { id: 'reason', header: t('bo.pay.reason'), cell: (row) => row.reason ?? '' },
    { id: 'order', header: t('bo.pay.order'), cell: (row) => (row.orderNo ? orderLink(row.orderNo) : '') },
    { id: 'amount', header: t('bo.pay.amount'), cell: (row) => (row.amountMinor === null ? '' : formatMinor(row.amountMinor, language, row.currency ?? undefined)) },
  ];
  return (
    <>
      <form className="bo-filters" onSubmit={apply} role="search">
        <ChoiceSelect
          label={t('bo.pay.webhooks.outcome')}
          name="outcome"
          values={WEBHOOK_OUTCOMES}
          keys={OUTCOME_KEYS}
          value={typedOutcome}
          onChange={(chosen) => setTypedOutcome(chosen ?? '')}
          anyText={t('bo.pay.webhooks.outcome.any')}
        />
        <label>
          {t('bo.pay.provider')}
          <input name="provider" maxLength={40} value={typedProvider} onChange={(event) => setTypedProvider(event.currentTarget.value)} />
        </label>
        <FilterActions onClear={() => navigate(PAYMENTS_PATH, { view: 'webhooks' })} />
      </form>
      <ExportLink route={OperatorRoutes.webhookDeliveriesCsv} query={{ outcome: wanted, provider: provider || undefined }} />
      <DataTable caption={t('bo.pay.webhooks.caption')} columns={columns} rowLabel={(row) => row.eventId} {...serverPage(pages, (row) => row.key)} />
    </>
  );
}
