import type { BorrowerPayments } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';

/** A settled loan: the day it was settled and the closing statement the server wrote. */
export function ClosingStatement({ payments }: { payments: BorrowerPayments }) {
  const t = useT();
  if (!payments.settledOn) return null;
  return (
    <section className="card closing" aria-labelledby="closing-title" data-testid="closing-statement">
      <h2 id="closing-title">{t('payments.closingTitle')}</h2>
      <p className="closing__settled">{payments.settledText}</p>
      <p className="closing__statement">{payments.closingStatement}</p>
    </section>
  );
}
