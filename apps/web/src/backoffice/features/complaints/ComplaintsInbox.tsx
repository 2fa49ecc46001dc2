import { useEffect, useState, type FormEvent } from 'react';
import {
  COMPLAINT_STATUSES,
  OPERATOR_COMPLAINT_SORTS,
  OperatorRoutes,
  type ComplaintStatusValue,
  type OperatorComplaint,
  type OperatorComplaintSort,
  type Language,
  type OperatorComplaintType,
} from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant, isPast } from '../../lib/format';
import { navigate, type HashLocation } from '../../lib/hash-location';
import { OperatorCallError } from '../../lib/operator-api';
import { useCursorPages } from '../../ui/cursor-pages';
import { OrderLink } from '../../ui/BorrowerLink';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { FilterActions } from '../../ui/FormParts';

export const COMPLAINTS_PATH = '/complaints';

type Filters = { status: ComplaintStatusValue | ''; type: string; folio: string; sort: OperatorComplaintSort };

/** A status the server knows, or none (any status). */
const statusOf = (text: string): ComplaintStatusValue | '' => COMPLAINT_STATUSES.find((value) => value === text) ?? '';

function filtersOf(params: URLSearchParams): Filters {
  const sort = params.get('sort');
  return {
    status: statusOf(params.get('status') ?? ''),
    type: /^\d{1,4}$/.test(params.get('type') ?? '') ? (params.get('type') ?? '') : '',
    folio: (params.get('folio') ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 20),
    sort: OPERATOR_COMPLAINT_SORTS.find((value) => value === sort) ?? 'due',
  };
}

/** The complaint types, whose titles in the reader's language name the filter's choices and the table's types. */
export function useComplaintTypes(): OperatorComplaintType[] {
  const { api } = useBackoffice();
  const [types, setTypes] = useState<OperatorComplaintType[]>([]);
  useEffect(() => {
    let current = true;
    api.call(OperatorRoutes.complaintTypes).then(
      (answer) => current && setTypes(answer.types),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);
  return types;
}

/** A type's title in the reader's language, or the server's (English) one while the types load. */
export function typeTitle(types: readonly OperatorComplaintType[], option: { value: number; title: string }, language: Language): string {
  const type = types.find((candidate) => candidate.value === option.value);
  return type ? (language === 'en' ? type.titleEn : type.titleEs) : option.title;
}

/**
 * The complaints inbox (docs/decisions/168): the server filters, orders and pages; the address
 * keeps the filters, so a reload or a shared link shows the same list.
 */
export function ComplaintsInbox({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.complaints.title');
  const { api, language } = useBackoffice();
  const filters = filtersOf(location.params);
  const [folioDraft, setFolioDraft] = useState(filters.folio);
  const types = useComplaintTypes();
  const now = new Date();

  const setFilters = (next: Partial<Filters>) => navigate(COMPLAINTS_PATH, { ...filters, ...next, sort: next.sort ?? filters.sort });
  const queryKey = JSON.stringify(filters);
  const query = { sort: filters.sort, status: filters.status || undefined, type: filters.type || undefined, folio: filters.folio || undefined };
  const pages = useCursorPages<OperatorComplaint>(
    queryKey,
    (cursor) =>
      api.call(OperatorRoutes.complaints, { query: { ...query, limit: 20, cursor } }),
    (error) => (error instanceof OperatorCallError ? error.message : t('errors.network')),
  );

  const overdue = (row: OperatorComplaint) => row.status === 'open' && isPast(row.dueAt, now);
  const columns: Column<OperatorComplaint>[] = [
    { id: 'folio', header: t('bo.complaints.folio'), cell: (row) => <a href={`#${COMPLAINTS_PATH}/${row.folio}`}>{row.folio}</a> },
    {
      id: 'status',
      header: t('bo.complaints.state'),
      cell: (row) => (
        <>
          {t(row.status === 'open' ? 'bo.complaints.state.open' : 'bo.complaints.state.replied')}
          {overdue(row) ? <span className="bo-badge bo-badge--alert"> {t('bo.complaints.overdue')}</span> : null}
        </>
      ),
    },
    { id: 'type', header: t('bo.complaints.type'), cell: (row) => typeTitle(types, row.problemType, language) },
    { id: 'created', header: t('bo.complaints.filed'), cell: (row) => formatInstant(row.createdAt, language, row.market), sort: { ascending: 'created', descending: '-created' } },
    { id: 'due', header: t('bo.complaints.due'), cell: (row) => formatInstant(row.dueAt, language, row.market), sort: { ascending: 'due', descending: '-due' } },
    { id: 'order', header: t('bo.complaints.order'), cell: (row) => <OrderLink orderNo={row.orderNo} /> },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ folio: folioDraft.replace(/[^A-Za-z0-9]/g, '') });
  };

  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.complaints.title')}</h1>
      <form className="bo-filters" onSubmit={submit} role="search">
        <label>
          {t('bo.complaints.folioSearch')}
          <input name="folio" value={folioDraft} maxLength={20} onChange={(event) => setFolioDraft(event.currentTarget.value)} />
        </label>
        <label>
          {t('bo.complaints.state')}
          <select name="status" value={filters.status} onChange={(event) => setFilters({ status: statusOf(event.currentTarget.value) })}>
            <option value="">{t('bo.complaints.state.any')}</option>
            <option value="open">{t('bo.complaints.state.open')}</option>
            <option value="replied">{t('bo.complaints.state.replied')}</option>
          </select>
        </label>
        <label>
          {t('bo.complaints.type')}
          <select name="type" value={filters.type} onChange={(event) => setFilters({ type: event.currentTarget.value })}>
            <option value="">{t('bo.complaints.type.any')}</option>
            {types
              .filter((type) => type.parentValue === null)
              .map((type) => (
              <option key={type.value} value={String(type.value)}>
                {language === 'en' ? type.titleEn : type.titleEs}
              </option>
            ))}
          </select>
        </label>
        <FilterActions
          onClear={() => {
            setFolioDraft('');
            navigate(COMPLAINTS_PATH, { sort: filters.sort });
          }}
        />
      </form>
      <ExportLink route={OperatorRoutes.complaintsCsv} query={query} />
      <DataTable
        caption={t('bo.complaints.caption', { order: t(`bo.complaints.order.${filters.sort}`) })}
        columns={columns}
        rows={pages.items}
        rowKey={(row) => row.folio}
        rowLabel={(row) => `${t('bo.table.openRow')} ${row.folio}`}
        onOpen={(row) => navigate(`${COMPLAINTS_PATH}/${row.folio}`)}
        rowClass={(row) => (overdue(row) ? 'bo-row--overdue' : undefined)}
        sort={filters.sort}
        onSort={(sort) => setFilters({ sort: OPERATOR_COMPLAINT_SORTS.find((value) => value === sort) ?? 'due' })}
        loading={pages.loading}
        error={pages.error}
        paging={{ pageNumber: pages.pageNumber, hasPrevious: pages.hasPrevious, hasNext: pages.hasNext, onPrevious: pages.previous, onNext: pages.next }}
      />
    </section>
  );
}
