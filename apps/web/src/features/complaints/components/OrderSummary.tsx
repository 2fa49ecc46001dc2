import { loanStatusColour, type ComplaintOrder } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { InfoRow } from './InfoRow';

/** Logo, product, order number and status: phrasing content only, so it fits inside a button. */
export function OrderLine({ order }: { order: ComplaintOrder }) {
  const t = useT();
  return (
    <span className="complaint-order__line">
      <img className="complaint-order__logo" src={order.productLogo} alt="" width={40} height={40} />
      <span className="complaint-order__names">
        <span className="complaint-order__product">{order.productName}</span>
        <span className="complaint-order__no">{t('complaints.order.number', { orderNo: order.orderNo })}</span>
        <span className="complaint-order__status">
          <span className="complaint-order__dot" style={{ background: loanStatusColour(order.status) }} aria-hidden="true" />
          <span className="visually-hidden">{t('complaints.order.status', { status: order.statusText })}</span>
          <span aria-hidden="true">{order.statusText}</span>
        </span>
      </span>
    </span>
  );
}

/** The chosen order with its title/value rows (docs/decisions/025). */
export function OrderSummary({ order }: { order: ComplaintOrder }) {
  return (
    <div className="complaint-order" data-order-no={order.orderNo}>
      <OrderLine order={order} />
      <dl className="complaint-rows">
        {order.list.map((row) => (
          <InfoRow key={row.title} label={row.title} value={row.value} />
        ))}
      </dl>
    </div>
  );
}
