import { useT } from '../../lib/i18n/backoffice';
import { ORDERS_PATH } from '../lib/orders-path';

/** Where a borrower's page lives (docs/decisions/173); the borrowers feature routes it. */
export const borrowerHref = (id: number | string) => `#/borrowers/${id}`;

/**
 * A borrower as a list shows them (docs/decisions/235): their name and their id, one link to their
 * page; "(no name yet)" before they gave one. A null name (an answer that does not carry it) shows the id alone.
 */
export function BorrowerLink({ id, name }: { id: number | string; name: string | null }) {
  const t = useT();
  return (
    <a href={borrowerHref(id)} className="bo-borrower" data-borrower-link={id}>
      {name === null ? null : <span>{name || t('bo.borrowers.noName')} </span>}
      <span className="bo-muted">#{id}</span>
    </a>
  );
}

/** An order's number as a link to its page. */
export function OrderLink({ orderNo }: { orderNo: string }) {
  return <a href={`#${ORDERS_PATH}/${orderNo}`}>{orderNo}</a>;
}
