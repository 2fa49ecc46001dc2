import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Limits,
  OperatorRoutes,
  PAYMENT_EXCEPTION_OUTCOMES,
  PAYMENT_EXCEPTION_STATES,
  type PaymentException,
  type PaymentExceptionOutcome,
  type PaymentExceptionState,
} from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant } from '../../lib/format';
import { navigate } from '../../lib/hash-location';
import { useCursorPages } from '../../ui/cursor-pages';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { ErrorLine, FilterActions, Notice, useFailureText } from '../../ui/FormParts';
import { byId, ChoiceSelect, PAGE_SIZE, serverPage, useSending } from './payment-parts';
import { exceptionOrderNo, exceptionStateOf, PAYMENTS_PATH } from './payment-views';

const STATE_KEYS: Record<PaymentExceptionState, BackofficeKey> = {
  open: 'bo.pay.exceptions.state.open',
  resolved: 'bo.pay.exceptions.state.resolved',
  all: 'bo.pay.exceptions.state.all',
};

const OUTCOME_KEYS: Record<PaymentExceptionOutcome, BackofficeKey> = {
  applied_by_hand: 'bo.pay.exceptions.outcome.applied_by_hand',
  returned_to_payer: 'bo.pay.exceptions.outcome.returned_to_payer',
  no_money_moved: 'bo.pay.exceptions.outcome.no_money_moved',
};

/** What was done about one kept delivery, said by the operator who did it (docs/decisions/208). */
function ResolveForm({ exception, onResolved, onCancel }: { exception: PaymentException; onResolved: () => void; onCancel: () => void }) {
  const t = useT();
  const { api } = useBackoffice();
  const [outcome, setOutcome] = useState<PaymentExceptionOutcome>('applied_by_hand');
  const [note, setNote] = useState('');
  const { busy, error, setError, send } = useSending<PaymentException>();
  const confirmation = useConfirmation();
  // The form opens above the list, away from the row's button that opened it: the reader is taken to it.
  const firstField = useRef<HTMLSelectElement>(null);
  useEffect(() => firstField.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError(t('bo.pay.exceptions.noteNeeded'));
      return;
    }
    confirmation.ask({
      title: t('bo.confirm.exception.title', { id: exception.id }),
      lines: [t('bo.confirm.exception.effect', { resolution: t(OUTCOME_KEYS[outcome]) }), t('bo.confirm.reason', { reason: note.trim() })],
      confirmLabel: t('bo.pay.exceptions.submit'),
      run: () =>
        send(() =>
          api.call(OperatorRoutes.paymentExceptionResolve, { params: { id: exception.id }, body: { resolution: outcome, note: note.trim() } }).then((resolved) => {
            onResolved();
            return resolved;
          }),
        ),
    });
  };
  return (
    <form className="bo-reply-form bo-exception-form" onSubmit={submit} aria-labelledby="bo-exception-resolve-heading">
      <h3 id="bo-exception-resolve-heading">{t('bo.pay.exceptions.resolveEvent', { eventId: exception.eventId })}</h3>
      <p className="bo-hint">{t('bo.pay.exceptions.hint')}</p>
      {confirmation.dialog}
      <ErrorLine message={error} />
      <ChoiceSelect
        label={t('bo.pay.exceptions.outcome')}
        name="resolution"
        values={PAYMENT_EXCEPTION_OUTCOMES}
        keys={OUTCOME_KEYS}
        value={outcome}
        onChange={(chosen) => setOutcome(chosen ?? outcome)}
        selectRef={firstField}
      />
      <label>
        {t('bo.pay.exceptions.note')}
        <textarea name="note" rows={3} required maxLength={Limits.paymentExceptionNoteMax} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      </label>
      <div className="bo-actions">
        <button type="submit" className="bo-primary" disabled={busy}>
          {t('bo.pay.exceptions.submit')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('bo.pay.exceptions.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * Provider deliveries kept for an operator (docs/decisions/113), open ones first by default, the
 * state kept in the address; an open one is closed with what was done about it (208).
 */
export function PaymentExceptions({ state }: { state: string | null }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const wanted = exceptionStateOf(state);
  const [typedState, setTypedState] = useState<PaymentExceptionState>(wanted);
  const [resolving, setResolving] = useState<PaymentException | null>(null);
  const [resolvedEventId, setResolvedEventId] = useState<string | null>(null);
  const pages = useCursorPages<PaymentException>(
    `exceptions:${wanted}`,
    (cursor) => api.call(OperatorRoutes.paymentExceptions, { query: { state: wanted, limit: PAGE_SIZE, cursor } }),
    failureText,
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(PAYMENTS_PATH, { view: 'exceptions', state: typedState });
  };
  const resolutionCell = (row: PaymentException) => {
    if (row.resolution) {
      const { outcome, note, by, at } = row.resolution;
      return t('bo.pay.exceptions.resolvedAs', { outcome: t(OUTCOME_KEYS[outcome]), note, by, at: formatInstant(at, language) });
    }
    return (
      <button
        type="button"
        onClick={() => {
          setResolvedEventId(null);
          setResolving(row);
        }}
        aria-label={t('bo.pay.exceptions.resolveEvent', { eventId: row.eventId })}>
        {t('bo.pay.exceptions.resolve')}
      </button>
    );
  };
  const columns: Column<PaymentException>[] = [
    { id: 'received', header: t('bo.pay.receivedAt'), cell: (row) => formatInstant(row.receivedAt, language) },
    { id: 'resolution', header: t('bo.pay.exceptions.resolution'), cell: resolutionCell },
    { id: 'provider', header: t('bo.pay.provider'), cell: (row) => row.provider },
    { id: 'event', header: t('bo.pay.eventId'), cell: (row) => row.eventId },
    { id: 'reason', header: t('bo.pay.reason'), cell: (row) => row.reason },
    { id: 'order', header: t('bo.pay.order'), cell: (row) => exceptionOrderNo(row) ?? '' },
    { id: 'payment', header: t('bo.pay.firstPayment'), cell: (row) => (row.paymentId === null ? '' : String(row.paymentId)) },
  ];
  return (
    <>
      <form className="bo-filters" onSubmit={apply} role="search">
        <ChoiceSelect
          label={t('bo.pay.exceptions.state')}
          name="state"
          values={PAYMENT_EXCEPTION_STATES}
          keys={STATE_KEYS}
          value={typedState}
          onChange={(chosen) => setTypedState(chosen ?? 'open')}
        />
        <FilterActions onClear={() => navigate(PAYMENTS_PATH, { view: 'exceptions' })} />
      </form>
      <Notice text={resolvedEventId ? t('bo.pay.exceptions.done', { eventId: resolvedEventId }) : null} />
      {resolving ? (
        <ResolveForm
          key={resolving.id}
          exception={resolving}
          onCancel={() => setResolving(null)}
          onResolved={() => {
            setResolvedEventId(resolving.eventId);
            setResolving(null);
            pages.reload();
          }}
        />
      ) : null}
      <ExportLink route={OperatorRoutes.paymentExceptionsCsv} query={{ state: wanted }} />
      <DataTable caption={t('bo.pay.exceptions.caption')} columns={columns} rowLabel={(row) => row.eventId} {...serverPage(pages, byId)} />
    </>
  );
}
