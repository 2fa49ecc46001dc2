import type { CollectionOrder } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant, formatMinor } from '../../lib/format';
import { PlainTable } from '../../ui/PlainTable';

/** The borrower's requests for a payment plan on this order, newest first (docs/decisions/248); nothing when they made none. */
export function PlanRequestsPanel({ file }: { file: CollectionOrder }) {
  const t = useT();
  const { language } = useBackoffice();
  const { planRequests, item } = file;
  if (planRequests.length === 0) return null;
  return (
    <>
      <h2>{t('bo.plan.title')}</h2>
      <PlainTable
        rows={planRequests}
        rowKey={(request) => String(request.id)}
        rowData={(request) => `plan-${request.state}`}
        columns={[
          { header: t('bo.plan.asked'), cell: (request) => <time dateTime={request.createdAt}>{formatInstant(request.createdAt, language, item.market)}</time> },
          { header: t('bo.plan.amount'), cell: (request) => t(`bo.plan.frequency.${request.frequency}`, { amount: formatMinor(request.amountMinor, language, item.currency) }) },
          { header: t('bo.plan.reason'), cell: (request) => t(`bo.plan.reason.${request.reason}`) },
          { header: t('bo.plan.note'), cell: (request) => request.note || t('bo.coll.none') },
          { header: t('bo.plan.state'), cell: (request) => t(`bo.plan.state.${request.state}`) },
        ]}
      />
    </>
  );
}
