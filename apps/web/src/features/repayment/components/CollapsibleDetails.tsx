import { Limits, type DetailRow } from '@lend/contracts';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { DetailList } from '../../../ui/DetailList';
import { visibleRows } from '../../../ui/detail-rows';

/** The details list, showing its first rows until the borrower asks for the rest (`Limits.repaymentDetailsCollapsedRows`). */
export function CollapsibleDetails({ rows }: { rows: readonly DetailRow[] }) {
  const t = useT();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = visibleRows(rows);
  if (shown.length === 0) return null;
  const canCollapse = shown.length > Limits.repaymentDetailsCollapsedRows;
  return (
    <section className="card repay-details" aria-labelledby={`${listId}-title`}>
      <h2 id={`${listId}-title`}>{t('repayment.detailsTitle')}</h2>
      <div id={listId} data-testid="repay-details">
        <DetailList rows={expanded ? shown : shown.slice(0, Limits.repaymentDetailsCollapsedRows)} />
      </div>
      {canCollapse && (
        <button
          type="button"
          className="button button--ghost button--small repay-details__toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          {t(expanded ? 'repayment.hide' : 'repayment.more')}
        </button>
      )}
    </section>
  );
}
