import { OperatorRoutes, type OperatorCreditDecision } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant } from '../../lib/format';
import { navigate } from '../../lib/hash-location';
import { OperatorCallError } from '../../lib/operator-api';
import { useCursorPages } from '../../ui/cursor-pages';
import { BorrowerLink } from '../../ui/BorrowerLink';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { formatCeiling } from './application-texts';

export const APPLICATIONS_PATH = '/applications';

/** Referred applications waiting for a credit officer, oldest first, paged on the server (docs/decisions/174). */
export function ApplicationsList() {
  const t = useT();
  usePageTitle('bo.apps.title');
  const { api, language } = useBackoffice();
  const pages = useCursorPages<OperatorCreditDecision>(
    'referrals',
    (cursor) => api.call(OperatorRoutes.referrals, { query: { limit: 20, cursor } }),
    (error) => (error instanceof OperatorCallError ? error.message : t('errors.network')),
  );
  const columns: Column<OperatorCreditDecision>[] = [
    { id: 'decision', header: t('bo.apps.decision'), cell: (row) => <a href={`#${APPLICATIONS_PATH}/${row.decisionId}`}>{row.decisionId}</a> },
    { id: 'borrower', header: t('bo.apps.borrower'), cell: (row) => <BorrowerLink id={row.borrowerId} name={row.borrowerName} /> },
    { id: 'product', header: t('bo.apps.product'), cell: (row) => row.productName },
    { id: 'points', header: t('bo.apps.points'), cell: (row) => row.points },
    { id: 'reasons', header: t('bo.apps.reasons'), cell: (row) => row.reasons.join(', ') },
    { id: 'ceiling', header: t('bo.apps.ceiling'), cell: (row) => formatCeiling(row.rulesCeilingMinor, language, row.currency) },
    { id: 'decided', header: t('bo.apps.decided'), cell: (row) => formatInstant(row.decidedAt, language, row.market) },
    { id: 'changed', header: t('bo.apps.changed'), cell: (row) => (row.factsChanged.length > 0 ? <strong>{row.factsChanged.map((fact) => t(`bo.apps.fact.${fact}`)).join(', ')}</strong> : '') },
  ];
  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.apps.title')}</h1>
      <ExportLink route={OperatorRoutes.referralsCsv} />
      <DataTable
        caption={t('bo.apps.caption')}
        columns={columns}
        rows={pages.items}
        rowKey={(row) => String(row.decisionId)}
        rowLabel={(row) => `${t('bo.table.openRow')} ${row.decisionId}`}
        onOpen={(row) => navigate(`${APPLICATIONS_PATH}/${row.decisionId}`)}
        loading={pages.loading}
        error={pages.error}
        paging={{ pageNumber: pages.pageNumber, hasPrevious: pages.hasPrevious, hasNext: pages.hasNext, onPrevious: pages.previous, onNext: pages.next }}
      />
    </section>
  );
}
