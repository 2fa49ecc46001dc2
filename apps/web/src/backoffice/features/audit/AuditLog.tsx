import { useState, type FormEvent } from 'react';
import { OperatorRoutes, type auditEntrySchema } from '@lend/contracts';
import type { z } from 'zod';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { fieldChanges } from '../../lib/field-changes';
import { dayBoundary, formatInstant } from '../../lib/format';
import { navigate, type HashLocation } from '../../lib/hash-location';
import { OperatorCallError } from '../../lib/operator-api';
import { useCursorPages } from '../../ui/cursor-pages';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { FilterActions } from '../../ui/FormParts';

export const AUDIT_PATH = '/audit';

type AuditEntry = z.infer<typeof auditEntrySchema>;

type Filters = Record<'actor' | 'objectType' | 'objectId' | 'from' | 'to', string>;

function filtersOf(params: URLSearchParams): Filters {
  return { actor: params.get('actor') ?? '', objectType: params.get('objectType') ?? '', objectId: params.get('objectId') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
}

/** What one entry changed, field by field: name, before and after (docs/decisions/235). */
function ChangeTable({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="bo-muted">{t('bo.audit.noChange')}</span>;
  const shown = (value: string | null) => (value === null ? <span className="bo-muted">{t('bo.audit.empty')}</span> : value);
  return (
    // Named by aria-label, not a hidden caption: a caption placed out of the flow would widen the page past the table's scrolling card.
    <table className="bo-change" data-change="" aria-label={t('bo.audit.changeCaption', { action: entry.action })}>
      <thead>
        <tr>
          <th scope="col">{t('bo.audit.field')}</th>
          <th scope="col">{t('bo.audit.before')}</th>
          <th scope="col">{t('bo.audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} data-field={change.field}>
            <th scope="row">
              <code>{change.field}</code>
            </th>
            <td>{shown(change.before)}</td>
            <td>{shown(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The audit log (administrators): who changed what and when, newest first, by person, object and days. */
export function AuditLog({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.audit.title');
  const { api, language } = useBackoffice();
  const filters = filtersOf(location.params);
  const [draft, setDraft] = useState<Filters>(filters);

  const query = {
    actor: filters.actor.trim() || undefined,
    objectType: filters.objectType.trim() || undefined,
    objectId: filters.objectId.trim() || undefined,
    from: dayBoundary(filters.from, false),
    to: dayBoundary(filters.to, true),
  };
  const pages = useCursorPages<AuditEntry>(
    JSON.stringify(filters),
    (cursor) =>
      api.call(OperatorRoutes.audit, { query: { ...query, limit: 25, cursor } }),
    (error) => (error instanceof OperatorCallError && error.message ? error.message : t('errors.network')),
  );

  const columns: Column<AuditEntry>[] = [
    { id: 'at', header: t('bo.audit.at'), cell: (row) => formatInstant(row.at, language) },
    { id: 'who', header: t('bo.audit.who'), cell: (row) => (row.actorKind === 'token' ? t('bo.audit.token') : (row.actorEmail ?? '')) },
    { id: 'role', header: t('bo.audit.role'), cell: (row) => row.role },
    { id: 'action', header: t('bo.audit.action'), cell: (row) => <code>{row.action}</code> },
    { id: 'object', header: t('bo.audit.object'), cell: (row) => `${row.objectType} ${row.objectId}` },
    {
      id: 'change',
      header: t('bo.audit.change'),
      cell: (row) => <ChangeTable entry={row} />,
    },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(AUDIT_PATH, draft);
  };
  const field = (name: keyof Filters, label: string, type = 'text') => (
    <label>
      {label}
      <input type={type} name={name} value={draft[name]} onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })} />
    </label>
  );

  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.audit.title')}</h1>
      <form className="bo-filters" onSubmit={submit} role="search">
        {field('actor', t('bo.audit.actor'))}
        {field('objectType', t('bo.audit.objectType'))}
        {field('objectId', t('bo.audit.objectId'))}
        {field('from', t('bo.audit.from'), 'date')}
        {field('to', t('bo.audit.to'), 'date')}
        <FilterActions
          onClear={() => {
            setDraft(filtersOf(new URLSearchParams()));
            navigate(AUDIT_PATH);
          }}
        />
      </form>
      <ExportLink route={OperatorRoutes.auditCsv} query={query} />
      <DataTable
        caption={t('bo.audit.caption')}
        columns={columns}
        rows={pages.items}
        rowKey={(row) => String(row.id)}
        rowLabel={(row) => `${row.action} ${row.objectType} ${row.objectId}`}
        loading={pages.loading}
        error={pages.error}
        paging={{ pageNumber: pages.pageNumber, hasPrevious: pages.hasPrevious, hasNext: pages.hasNext, onPrevious: pages.previous, onNext: pages.next }}
      />
    </section>
  );
}
