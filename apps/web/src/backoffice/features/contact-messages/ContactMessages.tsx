import { useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_STATES, Limits, OperatorRoutes, type ContactMessage, type ContactMessageState } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant, waited } from '../../lib/format';
import { navigate, type HashLocation } from '../../lib/hash-location';
import { OperatorCallError } from '../../lib/operator-api';
import { useCursorPages } from '../../ui/cursor-pages';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { ErrorLine, FilterActions } from '../../ui/FormParts';

export const CONTACT_MESSAGES_PATH = '/contact-messages';

type Filters = { state: ContactMessageState | ''; q: string };

function filtersOf(params: URLSearchParams): Filters {
  const state = params.get('state') ?? '';
  return { state: CONTACT_MESSAGE_STATES.find((value) => value === state) ?? '', q: (params.get('q') ?? '').trim().slice(0, 100) };
}

/** The answer form of a new message, or who answered it and how. */
function Answer({ message, onAnswered }: { message: ContactMessage; onAnswered: (message: ContactMessage) => void }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (message.answer) {
    return (
      <div data-answer="">
        <p className="bo-muted">{t('bo.contact.answeredBy', { at: formatInstant(message.answer.answeredAt, language), who: message.answer.answeredBy })}</p>
        <blockquote className="bo-quote">{message.answer.note}</blockquote>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    api.call(OperatorRoutes.contactMessageAnswer, { params: { messageId: message.id }, body: { note } }).then(
      (answered) => {
        setSaving(false);
        onAnswered(answered);
      },
      (failure: unknown) => {
        setSaving(false);
        setError(failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network'));
      },
    );
  };
  return (
    <form className="bo-reply-form" onSubmit={submit}>
      <ErrorLine message={error} />
      <label>
        {t('bo.contact.answerNote')}
        <textarea name="note" rows={3} required maxLength={Limits.contactMessageMax} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      </label>
      <button type="submit" className="bo-primary" disabled={saving}>
        {saving ? t('bo.saving') : t('bo.contact.markAnswered')}
      </button>
    </form>
  );
}

/**
 * Messages left on the site (docs/decisions/172): newest first, by state or by part of the
 * e-mail or phone; a row opens the whole message and its answer below the table.
 */
export function ContactMessages({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.contact.title');
  const { api, language } = useBackoffice();
  const filters = filtersOf(location.params);
  const [draft, setDraft] = useState(filters.q);
  const [opened, setOpened] = useState<ContactMessage | null>(null);
  const now = new Date();
  const query = { state: filters.state || undefined, q: filters.q.length >= 2 ? filters.q : undefined };
  const pages = useCursorPages<ContactMessage>(
    JSON.stringify(filters),
    (cursor) => api.call(OperatorRoutes.contactMessages, { query: { ...query, limit: 20, cursor } }),
    (error) => (error instanceof OperatorCallError ? error.message : t('errors.network')),
  );
  const age = (row: ContactMessage) => {
    const { unit, count } = waited(row.receivedAt, now);
    return t(`bo.age.${unit}`, { count });
  };
  const columns: Column<ContactMessage>[] = [
    { id: 'received', header: t('bo.contact.received'), cell: (row) => formatInstant(row.receivedAt, language) },
    { id: 'waiting', header: t('bo.contact.waiting'), cell: (row) => (row.state === 'new' ? age(row) : '—') },
    { id: 'state', header: t('bo.contact.state'), cell: (row) => <span className={`bo-badge${row.state === 'new' ? ' bo-badge--alert' : ''}`}>{t(`bo.contact.state.${row.state}`)}</span> },
    { id: 'from', header: t('bo.contact.from'), cell: (row) => row.fullName },
    { id: 'email', header: t('bo.contact.email'), cell: (row) => row.email },
    { id: 'phone', header: t('bo.contact.phone'), cell: (row) => <span className="bo-nowrap">{row.phone}</span> },
    { id: 'message', header: t('bo.contact.message'), cell: (row) => <span className="bo-clip">{row.message}</span> },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(CONTACT_MESSAGES_PATH, { ...filters, q: draft.trim() });
  };
  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.contact.title')}</h1>
      <p className="bo-muted">{t('bo.contact.noDeadline')}</p>
      <form className="bo-filters" onSubmit={submit} role="search">
        <label>
          {t('bo.contact.search')}
          <input name="q" value={draft} maxLength={100} onChange={(event) => setDraft(event.currentTarget.value)} />
        </label>
        <label>
          {t('bo.contact.state')}
          <select name="state" value={filters.state} onChange={(event) => navigate(CONTACT_MESSAGES_PATH, { ...filters, state: event.currentTarget.value })}>
            <option value="">{t('bo.contact.state.any')}</option>
            <option value="new">{t('bo.contact.state.new')}</option>
            <option value="answered">{t('bo.contact.state.answered')}</option>
          </select>
        </label>
        <FilterActions
          onClear={() => {
            setDraft('');
            navigate(CONTACT_MESSAGES_PATH, {});
          }}
        />
      </form>
      <ExportLink route={OperatorRoutes.contactMessagesCsv} query={query} />
      <DataTable
        caption={t('bo.contact.caption')}
        columns={columns}
        rows={pages.items}
        rowKey={(row) => String(row.id)}
        rowLabel={(row) => t('bo.contact.open', { id: row.id })}
        onOpen={setOpened}
        rowClass={(row) => (row.state === 'new' ? 'bo-row--overdue' : undefined)}
        loading={pages.loading}
        error={pages.error}
        paging={{ pageNumber: pages.pageNumber, hasPrevious: pages.hasPrevious, hasNext: pages.hasNext, onPrevious: pages.previous, onNext: pages.next }}
      />
      {opened ? (
        <section aria-labelledby="bo-message-heading" className="bo-panel" key={opened.id}>
          <h2 id="bo-message-heading">{t('bo.contact.open', { id: opened.id })}</h2>
          <dl className="bo-facts">
            <dt>{t('bo.contact.from')}</dt>
            <dd>{opened.fullName}</dd>
            <dt>{t('bo.contact.email')}</dt>
            <dd>
              <a href={`mailto:${opened.email}`}>{opened.email}</a>
            </dd>
            <dt>{t('bo.contact.phone')}</dt>
            <dd>{opened.phone}</dd>
            <dt>{t('bo.contact.received')}</dt>
            <dd>{formatInstant(opened.receivedAt, language)}</dd>
          </dl>
          <blockquote className="bo-quote">{opened.message}</blockquote>
          <Answer
            message={opened}
            onAnswered={(answered) => {
              setOpened(answered);
              pages.reload();
            }}
          />
          <button type="button" onClick={() => setOpened(null)}>
            {t('bo.contact.close')}
          </button>
        </section>
      ) : null}
    </section>
  );
}
