import { AppRoute, type BorrowerSettlement } from '@lend/contracts';
import { formatAmount, type Market } from '@lend/domain';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/http/errors';
import { useT } from '../../lib/i18n/borrower';
import { pageHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { FieldProblem } from '../../ui/FieldProblem';
import { acceptOrderSettlement, orderSettlement } from './api/settlement';

type Offer = NonNullable<BorrowerSettlement['offer']>;

/**
 * A settlement offered on the late loan (docs/decisions/245): what to pay by when to close it, what
 * is waived, that it is reported as settled, in the server's words (the text accepted is the text
 * shown, its hash sent back); Accept, then the way to pay. Nothing when none is offered.
 */
export function SettlementOffer({ orderNo }: { orderNo: string }) {
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    let live = true;
    // No offer, or the read failing, leaves the promise screen as it was.
    orderSettlement(orderNo).then(
      (answer) => live && setOffer(answer.offer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orderNo]);
  return offer ? <OfferCard offer={offer} orderNo={orderNo} onAccepted={setOffer} /> : null;
}

function OfferCard({ offer, orderNo, onAccepted }: { offer: Offer; orderNo: string; onAccepted: (offer: Offer | null) => void }) {
  const t = useT();
  const id = useId();
  const page = usePageParams();
  const market: Market = offer.currency === 'INR' ? 'IN' : 'MX';
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const accept = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      onAccepted((await acceptOrderSettlement(orderNo, offer.textSha256)).offer);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('errors.network'));
    } finally {
      setBusy(false);
    }
  };
  const toPay = formatAmount(offer.toPayMinor, market);
  return (
    <section className="card settlement" aria-labelledby={`${id}-title`} data-settlement={offer.state}>
      <h2 id={`${id}-title`}>{t('settlement.title')}</h2>
      <ul className="settlement__lines">
        {offer.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {offer.state === 'offered' ? (
        <>
          <FieldProblem id={`${id}-problem`} problem={problem} />
          <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void accept()}>
            {busy ? t('settlement.accepting') : t('settlement.accept')}
          </button>
        </>
      ) : (
        <>
          <p className="settlement__accepted" role="status">
            {t('settlement.accepted', { amount: toPay, date: offer.expiresOn })}
          </p>
          <a className="button" href={pageHref(AppRoute.repayment, page, { orderId: orderNo, productId: String(offer.productId) })} data-testid="settlement-pay">
            {t('settlement.pay')}
          </a>
        </>
      )}
    </section>
  );
}
