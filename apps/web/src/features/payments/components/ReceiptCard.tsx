import type { BorrowerReceipt } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import type { Formatters } from '../../../lib/format';
import { DetailList } from '../../../ui/DetailList';

/** One receipt: its number, day, amount and channel, then what it paid line by line and the balance it left. */
export function ReceiptCard({ receipt, format }: { receipt: BorrowerReceipt; format: Formatters }) {
  const t = useT();
  const headingId = `receipt-${receipt.receiptNo}`;
  return (
    <li>
      <article className="card receipt" aria-labelledby={headingId} data-receipt-no={receipt.receiptNo}>
        <h3 id={headingId} className="receipt__title">
          {receipt.title}
        </h3>
        <DetailList
          className="receipt__facts"
          rows={[
            { text: t('payments.receiptNo'), value: receipt.receiptNo, whole: true },
            { text: t('payments.paidOn'), value: receipt.paidOn, whole: true },
            { text: t('payments.amount'), value: format.amount(receipt.amountMinor), whole: true },
            { text: t('payments.channel'), value: receipt.channel },
          ]}
        />
        <h4 className="receipt__subtitle">{t('payments.whatItPaid')}</h4>
        <DetailList className="receipt__lines" rows={receipt.rows} />
      </article>
    </li>
  );
}
