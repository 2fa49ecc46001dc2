import type { DelayDetail } from '@lend/contracts';
import type { Formatters } from '../../../lib/format';
import { useT } from '../../../lib/i18n/borrower';
import { ProductHeading } from '../../../ui/ProductHeading';

/** The top card: what the extension costs and the date it gives, under the product (docs/decisions/077). */
export function DelaySummary({ detail, format }: { detail: DelayDetail; format: Formatters }) {
  const t = useT();
  const { delayInfo } = detail;
  return (
    <section className="card delay-summary" aria-labelledby="delay-product">
      <div id="delay-product">
        <ProductHeading logo={detail.productLogo} name={detail.productName} />
      </div>
      <p className="delay-summary__label">{delayInfo.reviewer}</p>
      <dl className="delay-summary__values">
        <div>
          <dt>{t('delay.charge')}</dt>
          <dd className="delay-summary__amount" data-testid="delay-amount">
            {format.amount(delayInfo.delayAmount)}
          </dd>
        </div>
        <div>
          <dt>{t('delay.newDate')}</dt>
          <dd className="delay-summary__date" data-testid="delay-date">
            {delayInfo.delayTime}
          </dd>
        </div>
      </dl>
    </section>
  );
}
