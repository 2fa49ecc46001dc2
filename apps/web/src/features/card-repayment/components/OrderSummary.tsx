import type { RepaymentWayData } from '@lend/contracts';
import type { Formatters } from '../../../lib/format';
import { useT } from '../../../lib/i18n/hash';
import { DetailList } from '../../../ui/DetailList';

/** What is being paid: the product, the amount in the order's currency (when there is one to pay) and the order number. */
export function OrderSummary({ listing, format }: { listing: RepaymentWayData; format: Formatters }) {
  const t = useT();
  return (
    <section className="card card-order" aria-labelledby="card-order-product">
      <h2 id="card-order-product" className="card-order__product">
        {listing.productName}
      </h2>
      {listing.amount > 0 && (
        // Nothing to pay now is said below, with its reason, not as an amount of zero.
        <p className="card-order__amount">
          <span className="card-order__label">{t('card.detail.amount')}</span>
          <strong data-testid="card-amount">{format.amount(listing.amount)}</strong>
        </p>
      )}
      <DetailList rows={[{ text: t('card.detail.orderNo'), value: listing.orderId }]} />
    </section>
  );
}
