import { useState, type FormEvent } from 'react';
import { ARCO_FOLIO_PATTERN, ARCO_STATUSES, OperatorRoutes, PRIVACY_ANSWER_DAYS, privacyRequestMarket, type ArcoStatus, type OperatorArcoRequest } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { dayHasPassed, formatDay, formatInstant } from '../../lib/format';
import { navigate, type HashLocation } from '../../lib/hash-location';
import { OperatorCallError } from '../../lib/operator-api';
import { useCursorPages } from '../../ui/cursor-pages';
import { BorrowerLink } from '../../ui/BorrowerLink';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { FilterActions } from '../../ui/FormParts';

export const PRIVACY_REQUESTS_PATH = '/privacy-requests';

type Filters = { status: ArcoStatus | ''; folio: string };

function filtersOf(params: URLSearchParams): Filters {
  const status = params.get('status') ?? 'open';
  const folio = (params.get('folio') ?? '').trim().toUpperCase();
  return { status: ARCO_STATUSES.find((value) => value === status) ?? '', folio: ARCO_FOLIO_PATTERN.test(folio) ? folio : '' };
}

/** An open request whose answer day has ended. */
export const arcoOverdue = (request: Pick<OperatorArcoRequest, 'status' | 'answerDue'>, now: Date) => request.status === 'open' && dayHasPassed(request.answerDue, now);

/**
 * Privacy requests of both markets (Mexico's ARCO rights, India's DPDP Act rights: docs/decisions/231),
 * nearest answer date first, so the overdue come first (docs/decisions/173); open ones unless the
 * reader asks for another state.
 */
export function PrivacyRequests({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.privacy.title');
  const { api, language } = useBackoffice();
  const filters = filtersOf(location.params);
  const [draft, setDraft] = useState(filters.folio);
  const now = new Date();
  const query = { status: filters.status || undefined, folio: filters.folio || undefined };
  const pages = useCursorPages<OperatorArcoRequest>(
    JSON.stringify(filters),
    (cursor) => api.call(OperatorRoutes.privacyRequests, { query: { ...query, limit: 20, cursor } }),
    (error) => (error instanceof OperatorCallError ? error.message : t('errors.network')),
  );
  const columns: Column<OperatorArcoRequest>[] = [
    { id: 'folio', header: t('bo.privacy.folio'), cell: (row) => <a href={`#${PRIVACY_REQUESTS_PATH}/${row.folio}`}>{row.folio}</a> },
    {
      id: 'state',
      header: t('bo.privacy.state'),
      cell: (row) => (
        <>
          {t(`bo.privacy.state.${row.status}`)}
          {arcoOverdue(row, now) ? <span className="bo-badge bo-badge--alert"> {t('bo.privacy.overdue')}</span> : null}
        </>
      ),
    },
    { id: 'kind', header: t('bo.privacy.kind'), cell: (row) => t(`bo.privacy.kind.${row.kind}`) },
    { id: 'market', header: t('bo.privacy.market'), cell: (row) => t(`bo.cfg.market.${privacyRequestMarket(row.kind)}`) },
    { id: 'received', header: t('bo.privacy.received'), cell: (row) => formatInstant(row.receivedAt, language, privacyRequestMarket(row.kind)) },
    { id: 'due', header: t('bo.privacy.due'), cell: (row) => formatDay(row.answerDue, language) },
    { id: 'borrower', header: t('bo.privacy.borrower'), cell: (row) => <BorrowerLink id={row.userId} name={row.borrowerName} /> },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(PRIVACY_REQUESTS_PATH, { status: filters.status || 'any', folio: draft.trim().toUpperCase() });
  };
  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.privacy.title')}</h1>
      <p className="bo-muted">{t('bo.privacy.rule', { mxDays: PRIVACY_ANSWER_DAYS.MX, inDays: PRIVACY_ANSWER_DAYS.IN })}</p>
      <form className="bo-filters" onSubmit={submit} role="search">
        <label>
          {t('bo.privacy.folioSearch')}
          <input name="folio" value={draft} maxLength={10} placeholder="AR00000001" onChange={(event) => setDraft(event.currentTarget.value)} />
        </label>
        <label>
          {t('bo.privacy.state')}
          <select name="status" value={filters.status} onChange={(event) => navigate(PRIVACY_REQUESTS_PATH, { status: event.currentTarget.value || 'any', folio: filters.folio || undefined })}>
            <option value="">{t('bo.privacy.state.any')}</option>
            <option value="open">{t('bo.privacy.state.open')}</option>
            <option value="answered">{t('bo.privacy.state.answered')}</option>
          </select>
        </label>
        <FilterActions
          onClear={() => {
            setDraft('');
            navigate(PRIVACY_REQUESTS_PATH, {});
          }}
        />
      </form>
      <ExportLink route={OperatorRoutes.privacyRequestsCsv} query={query} />
      <DataTable
        caption={t('bo.privacy.caption')}
        columns={columns}
        rows={pages.items}
        rowKey={(row) => row.folio}
        rowLabel={(row) => `${t('bo.table.openRow')} ${row.folio}`}
        onOpen={(row) => navigate(`${PRIVACY_REQUESTS_PATH}/${row.folio}`)}
        rowClass={(row) => (arcoOverdue(row, now) ? 'bo-row--overdue' : undefined)}
        loading={pages.loading}
        error={pages.error}
        paging={{ pageNumber: pages.pageNumber, hasPrevious: pages.hasPrevious, hasNext: pages.hasNext, onPrevious: pages.previous, onNext: pages.next }}
      />
    </section>
  );
}
