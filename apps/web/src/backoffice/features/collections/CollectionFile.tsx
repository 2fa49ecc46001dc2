import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import {
  COLLECTION_CHANNELS,
  COLLECTION_RULES,
  CONTACT_OUTCOMES,
  errorMessage,
  ErrorCode,
  OperatorRoutes,
  type CollectionChannel,
  type CollectionOrder,
  type ContactOutcome,
  type ContactRecordOutcome,
  type PromiseState,
} from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatInstant, formatMinor, minorFromTyped } from '../../lib/format';
import { OperatorCallError } from '../../lib/operator-api';
import { ORDERS_PATH } from '../../lib/orders-path';
import { BorrowerLink } from '../../ui/BorrowerLink';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';
import { NotesPanel } from '../../ui/NotesPanel';
import { PlainTable } from '../../ui/PlainTable';
import { RecordPending, type RecordState } from '../../ui/RecordPage';
import { ChoiceSelect } from './ChoiceSelect';
import { AgencyPanel } from './AgencyPanel';
import { PlanRequestsPanel } from './PlanRequestsPanel';
import { PaymentPlanPanel } from './PaymentPlanPanel';
import { SettlementPanel } from './SettlementPanel';
import { WriteOffPanel } from './WriteOffPanel';
import { COLLECTIONS_PATH, contactReasonText, promiseRefusalField, promiseWindow } from './collection-rules';
import { MESSAGE_KEYS, SendMessage } from './SendMessage';

const CHANNEL_KEYS: Record<CollectionChannel, BackofficeKey> = {
  call: 'bo.coll.channel.call',
  sms: 'bo.coll.channel.sms',
  whatsapp: 'bo.coll.channel.whatsapp',
  email: 'bo.coll.channel.email',
  visit: 'bo.coll.channel.visit',
};
const OUTCOME_KEYS: Record<ContactRecordOutcome, BackofficeKey> = {
  'no-answer': 'bo.coll.outcome.no-answer',
  'wrong-number': 'bo.coll.outcome.wrong-number',
  promised: 'bo.coll.outcome.promised',
  refused: 'bo.coll.outcome.refused',
  disputes: 'bo.coll.outcome.disputes',
  'paid-already': 'bo.coll.outcome.paid-already',
  hardship: 'bo.coll.outcome.hardship',
  'message-sent': 'bo.coll.outcome.message-sent',
};
const PROMISE_STATE_KEYS: Record<PromiseState, BackofficeKey> = {
  open: 'bo.coll.promise.state.open',
  kept: 'bo.coll.promise.state.kept',
  'partly-kept': 'bo.coll.promise.state.partly-kept',
  broken: 'bo.coll.promise.state.broken',
};

type Loaded = RecordState | { kind: 'found'; file: CollectionOrder };

/** Records a contact; the server refuses it out of the market's hours or over its caps, and the refusal is said beside the form. */
function ContactForm({ orderNo, onRecorded }: { orderNo: string; onRecorded: (file: CollectionOrder) => void }) {
  const t = useT();
  const { api } = useBackoffice();
  const failureText = useFailureText();
  const ids = useId();
  const [channel, setChannel] = useState<CollectionChannel>('call');
  const [outcome, setOutcome] = useState<ContactOutcome>('no-answer');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    api
      .call(OperatorRoutes.collectionContact, { params: { orderNo }, body: { channel, outcome, note: note.trim() } })
      .then(
        (file) => {
          setNote('');
          setNotice(t('bo.coll.contact.recorded'));
          onRecorded(file);
        },
        (failure: unknown) => setError(failureText(failure)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <form className="bo-reply-form" onSubmit={submit} aria-labelledby={`${ids}-title`} data-contact-form="">
      <h2 id={`${ids}-title`}>{t('bo.coll.contact.title')}</h2>
      <ErrorLine message={error} />
      <Notice text={notice} />
      <ChoiceSelect label={t('bo.coll.contact.channel')} name="channel" value={channel} choices={COLLECTION_CHANNELS} keys={CHANNEL_KEYS} onChange={setChannel} />
      <ChoiceSelect label={t('bo.coll.contact.outcome')} name="outcome" value={outcome} choices={CONTACT_OUTCOMES} keys={OUTCOME_KEYS} onChange={setOutcome} />
      <label>
        {t('bo.coll.contact.note')}
        <textarea name="note" rows={3} maxLength={1000} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      </label>
      <button type="submit" className="bo-primary" disabled={busy}>
        {t('bo.coll.contact.record')}
      </button>
    </form>
  );
}

/**
 * Takes a promise to pay: the amount typed in the market's currency's major units, the date
 * limited to the market's today and `promiseMaxDays` after it (docs/decisions/243); a refusal is
 * said beside the field it is about.
 */
function PromiseForm({ file, onTaken }: { file: CollectionOrder; onTaken: () => void }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const ids = useId();
  const { item } = file;
  const dates = promiseWindow(item.market, new Date());
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState<string>(dates.from);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ field: 'date' | 'amount' | 'form'; text: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const owed = formatMinor(item.owedMinor, language, item.currency);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const amountMinor = minorFromTyped(amount);
    if (amountMinor === null) {
      setRefusal({ field: 'amount', text: t('bo.coll.promise.amountInvalid') });
      return;
    }
    setBusy(true);
    setRefusal(null);
    api
      .call(OperatorRoutes.collectionPromise, { params: { orderNo: item.orderNo }, body: { amountMinor, promisedOn: date } })
      .then(
        () => {
          setAmount('');
          setNotice(t('bo.coll.promise.taken'));
          onTaken();
        },
        (failure: unknown) => {
          const code = failure instanceof OperatorCallError ? failure.code : null;
          const field = promiseRefusalField(code);
          // The server's limit for the amount is in minor units; written here in the market's currency.
          const text = code === ErrorCode.PromiseAmountOutOfRange ? errorMessage(code, language, owed) : failureText(failure);
          setRefusal({ field, text });
        },
      )
      .finally(() => setBusy(false));
  };
  const fieldError = (field: 'date' | 'amount') =>
    refusal?.field === field ? (
      <span id={`${ids}-${field}-error`} className="bo-error" role="alert">
        {refusal.text}
      </span>
    ) : null;
  return (
    <form className="bo-reply-form" onSubmit={submit} aria-labelledby={`${ids}-title`} data-promise-form="">
      <h2 id={`${ids}-title`}>{t('bo.coll.promise.title')}</h2>
      <ErrorLine message={refusal?.field === 'form' ? refusal.text : null} />
      <Notice text={notice} />
      <label>
        {t('bo.coll.promise.amountField', { currency: item.currency })}
        <input
          name="amount"
          inputMode="decimal"
          required
          size={12}
          value={amount}
          aria-invalid={refusal?.field === 'amount' ? true : undefined}
          aria-describedby={`${ids}-amount-hint${refusal?.field === 'amount' ? ` ${ids}-amount-error` : ''}`}
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
      </label>
      <span id={`${ids}-amount-hint`} className="bo-muted">
        {t('bo.coll.promise.amountHint', { owed })}
      </span>
      {fieldError('amount')}
      <label>
        {t('bo.coll.promise.dateField')}
        <input
          name="promisedOn"
          type="date"
          required
          min={dates.from}
          max={dates.to}
          value={date}
          aria-invalid={refusal?.field === 'date' ? true : undefined}
          aria-describedby={`${ids}-date-hint${refusal?.field === 'date' ? ` ${ids}-date-error` : ''}`}
          onChange={(event) => setDate(event.currentTarget.value)}
        />
      </label>
      <span id={`${ids}-date-hint`} className="bo-muted">
        {t('bo.coll.promise.dateHint', { from: formatDay(dates.from, language), to: formatDay(dates.to, language) })}
      </span>
      {fieldError('date')}
      <button type="submit" className="bo-primary" disabled={busy}>
        {t('bo.coll.promise.take')}
      </button>
    </form>
  );
}

/**
 * An order's collection file (docs/decisions/243): how late it is and what is owed, who works it,
 * whether the market's rules allow a contact now (and why not, in the reader's language), the
 * contacts and promises with their forms, and the staff's notes on the borrower.
 */
export function CollectionFile({ orderNo }: { orderNo: string }) {
  const t = useT();
  usePageTitle('bo.coll.title');
  const { api, me, language } = useBackoffice();
  const failureText = useFailureText();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  const load = useCallback(
    () =>
      api.call(OperatorRoutes.collectionOrder, { params: { orderNo } }).then(
        (file): Loaded => ({ kind: 'found', file }),
        (failure: unknown): Loaded =>
          failure instanceof OperatorCallError && (failure.code === ErrorCode.NotFound || failure.code === ErrorCode.CollectionOrderNotLate)
            ? { kind: 'missing' }
            : { kind: 'failed', message: failureText(failure) },
      ),
    [api, orderNo, failureText],
  );

  useEffect(() => {
    let current = true;
    setLoaded({ kind: 'loading' });
    void load().then((next) => current && setLoaded(next));
    return () => {
      current = false;
    };
  }, [load]);

  const heading = t('bo.coll.file.title', { orderNo });
  if (loaded.kind !== 'found') return <RecordPending listPath={COLLECTIONS_PATH} heading={heading} state={loaded} missing={t('bo.coll.file.notFound', { orderNo })} />;

  const { item, contacts, promises, contactAllowed, agency } = loaded.file;
  // The templates name the promise due and the agency collecting (docs/decisions/249): written again when either changes.
  const messagesKey = `${promises.map((promise) => `${promise.id}${promise.state}`).join()}|${agency?.agency.id ?? ''}`;
  const { market, currency } = item;
  const rules = COLLECTION_RULES[market];
  const money = (minor: number) => formatMinor(minor, language, currency);
  const anotherAgents = item.assignee !== null && item.assignee.staffId !== me.staffId && me.role !== 'admin';
  // The order's page is the credit desk's (docs/decisions/161, app/sections.ts): linked only for a role that opens it.
  const opensOrders = me.role === 'credit-officer' || me.role === 'admin';
  // Contacts, promises and messages are the agents' (and their supervisors'); a credit officer reads the file to decide on it (docs/decisions/249).
  // A loan re-aged by a payment plan keeps its file, to follow the plan; nothing is collected on it while it is not late (docs/decisions/250).
  const stillLate = item.daysPastDue > 0;
  const works = (me.role === 'agent' || me.role === 'admin') && stillLate;
  const newestFirst = [...contacts].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));

  return (
    <section aria-labelledby="bo-page-heading" className="bo-collection">
      <p>
        <a href={`#${COLLECTIONS_PATH}?market=${market}`}>← {t('bo.coll.file.back')}</a>
      </p>
      <h1 id="bo-page-heading">{heading}</h1>
      <div className="bo-columns">
        <div>
          <dl className="bo-facts" data-collection-facts="">
            <dt>{t('bo.coll.file.late')}</dt>
            <dd data-testid="collection-dpd">{t('bo.coll.file.lateValue', { days: item.daysPastDue, bucket: item.bucket })}</dd>
            <dt>{t('bo.coll.file.lateSince')}</dt>
            <dd>{item.lateSince ? formatDay(item.lateSince, language) : t('bo.coll.none')}</dd>
            <dt>{t('bo.coll.file.owed')}</dt>
            <dd data-testid="collection-owed">{money(item.owedMinor)}</dd>
            <dt>{t('bo.coll.file.assignee')}</dt>
            <dd data-testid="collection-assignee">{item.assignee?.email ?? t('bo.coll.nobody')}</dd>
            <dt>{t('bo.coll.col.borrower')}</dt>
            <dd>
              <BorrowerLink id={item.borrowerId} name={item.borrowerName} />
            </dd>
            {opensOrders ? (
              <>
                <dt>{t('bo.coll.col.order')}</dt>
                <dd>
                  <a href={`#${ORDERS_PATH}/${item.orderNo}`}>{t('bo.coll.file.orderPage')}</a>
                </dd>
              </>
            ) : null}
            <dt>{t('bo.coll.file.contactNow')}</dt>
            <dd data-contact-allowed={contactAllowed.allowed ? 'yes' : 'no'}>
              {contactAllowed.allowed
                ? t('bo.coll.file.contactAllowed', { from: rules.fromHour, to: rules.toHour, perDay: rules.perDay, perWeek: rules.perWeek })
                : contactReasonText(contactAllowed.reason ?? '', market, language)}
            </dd>
          </dl>
          {anotherAgents ? <p className="bo-notice">{t('bo.coll.file.anotherAgent')}</p> : null}
          {works ? <ContactForm orderNo={item.orderNo} onRecorded={(file) => setLoaded({ kind: 'found', file })} /> : null}
        </div>
        {works ? (
          <div>
            <PromiseForm file={loaded.file} onTaken={() => void load().then(setLoaded)} />
            <SendMessage orderNo={item.orderNo} refreshKey={messagesKey} onSent={(file) => setLoaded({ kind: 'found', file })} />
          </div>
        ) : null}
      </div>
      {stillLate || loaded.file.writeOff ? <WriteOffPanel file={loaded.file} onChanged={(file) => setLoaded({ kind: 'found', file })} /> : null}
      <PlanRequestsPanel file={loaded.file} />
      <AgencyPanel file={loaded.file} onChanged={(file) => setLoaded({ kind: 'found', file })} />
      {stillLate || loaded.file.settlement ? <SettlementPanel file={loaded.file} onChanged={(file) => setLoaded({ kind: 'found', file })} /> : null}
      <PaymentPlanPanel file={loaded.file} onChanged={(file) => setLoaded({ kind: 'found', file })} />

      <h2>{t('bo.coll.contacts')}</h2>
      <PlainTable
        rows={newestFirst}
        rowKey={(contact) => String(contact.id)}
        rowData={(contact) => contact.outcome}
        columns={[
          { header: t('bo.coll.contacts.at'), cell: (contact) => <time dateTime={contact.at}>{formatInstant(contact.at, language, market)}</time> },
          { header: t('bo.coll.contact.channel'), cell: (contact) => (contact.messageKind ? `${t(CHANNEL_KEYS[contact.channel])}: ${t(MESSAGE_KEYS[contact.messageKind])}` : t(CHANNEL_KEYS[contact.channel])) },
          { header: t('bo.coll.contact.outcome'), cell: (contact) => t(OUTCOME_KEYS[contact.outcome]) },
          { header: t('bo.coll.contacts.agent'), cell: (contact) => contact.agentEmail },
          { header: t('bo.coll.contact.note'), cell: (contact) => contact.note || t('bo.coll.none') },
        ]}
      />

      <h2>{t('bo.coll.promises')}</h2>
      <PlainTable
        rows={promises}
        rowKey={(promise) => String(promise.id)}
        rowData={(promise) => promise.state}
        columns={[
          { header: t('bo.coll.promise.amount'), cell: (promise) => money(promise.amountMinor) },
          { header: t('bo.coll.promise.on'), cell: (promise) => formatDay(promise.promisedOn, language) },
          { header: t('bo.coll.promise.state'), cell: (promise) => t(PROMISE_STATE_KEYS[promise.state]) },
          { header: t('bo.coll.promise.kept'), cell: (promise) => money(promise.keptMinor) },
          { header: t('bo.coll.promise.madeBy'), cell: (promise) => (promise.madeBy === 'borrower' ? t('bo.coll.promise.borrower') : promise.madeBy) },
        ]}
      />

      {/* Notes on the borrower, not the order: the order's notes are the credit desk's, and agents work this file (docs/decisions/236). */}
      <NotesPanel kind="borrower" subjectId={String(item.borrowerId)} market={market} />
    </section>
  );
}
