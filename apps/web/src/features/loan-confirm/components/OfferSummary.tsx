import type { LoanConfirm } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import type { Formatters } from '../../../lib/format';
import { ProductHeading } from '../../../ui/ProductHeading';

/** The headline of the offer: what reaches the account, the term, the rate and the all-in annual cost. */
export function OfferSummary({ offer, format }: { offer: LoanConfirm; format: Formatters }) {
  const t = useT();
  return (
    <section className="card offer" aria-labelledby="offer-product">
      <div id="offer-product">
        <ProductHeading logo={offer.comProductLogo} name={offer.comProductName} />
      </div>
      <p className="offer__label">{t('loanConfirm.receive')}</p>
      <p className="offer__amount" data-testid="give-amount">
        {format.amount(offer.giveAmount)}
      </p>
      <p className="offer__principal muted">{t('loanConfirm.loanAmount', { amount: format.amount(offer.amount) })}</p>
      <dl className="offer__facts">
        <div>
          <dt>{t('loanConfirm.term')}</dt>
          <dd data-testid="term">{t('loanConfirm.termValue', { days: offer.termDays })}</dd>
        </div>
        <div>
          <dt>{t('loanConfirm.rate')}</dt>
          <dd data-testid="rate">{offer.loanRate}</dd>
        </div>
      </dl>
      <p className="offer__cost" data-testid="annual-cost">
        {offer.ratemsg}
      </p>
    </section>
  );
}
