import { CardRepaymentStatus, maskCardNumber, type CardRepaymentResult, type CardRepaymentStatusValue } from '@lend/contracts';
import { useEffect, useRef } from 'react';
import { useMarketFormat } from '../../../lib/format';
import { useT, type MessageKey } from '../../../lib/i18n/hash';
import { DetailList } from '../../../ui/DetailList';

type Props = {
  result: CardRepaymentResult;
  /** The server's words for a charge that did not pay, when it just said them; ours otherwise. */
  message?: string | undefined;
  /** Asks again where a charge stands (while the bank confirms it). */
  onRefresh: () => void;
  /** Starts over with a fresh listing (after a declined, failed or cancelled payment). */
  onRetry: () => void;
  busy: boolean;
};

type Shown = Exclude<CardRepaymentStatusValue, 'awaitingCode'>;

const titles: Record<Shown, MessageKey> = {
  paid: 'card.result.paid',
  charging: 'card.result.charging',
  declined: 'card.result.declined',
  insufficientFunds: 'card.result.insufficientFunds',
  failed: 'card.result.failed',
  cancelled: 'card.result.cancelled',
};

const bodies: Record<Exclude<Shown, 'paid'>, MessageKey> = {
  charging: 'card.result.chargingBody',
  declined: 'card.result.declinedBody',
  insufficientFunds: 'card.result.insufficientFundsBody',
  failed: 'card.result.failedBody',
  cancelled: 'card.result.cancelledBody',
};

/** The bank, then the masked number kept on one line. */
const cardLine = (bankName: string | null, last4: string) => `${bankName ?? ''} ${maskCardNumber(last4).replace(' ', '\u00a0')}`.trim();

/** Where a repayment ended: the receipt when paid, a refresh while the bank confirms, else a way to try again. */
export function RepaymentResultView({ result, message, onRefresh, onRetry, busy }: Props) {
  const t = useT();
  const format = useMarketFormat(result.market);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The result replaces the payment form: readers and keyboards start from its heading.
  useEffect(() => headingRef.current?.focus(), [result.status]);
  // An unconfirmed code is not a result; the screen never shows one here.
  const status: Shown = result.status === CardRepaymentStatus.AwaitingCode ? CardRepaymentStatus.Charging : result.status;
  const paid = status === CardRepaymentStatus.Paid;
  return (
    <section
      className={`card card-result card-result--${paid ? 'ok' : status === CardRepaymentStatus.Charging ? 'pending' : 'failed'}`}
      aria-labelledby="card-result-title"
      data-testid="repayment-result"
      data-status={status}
    >
      <h2 id="card-result-title" ref={headingRef} tabIndex={-1} className="card-result__title">
        {t(titles[status])}
      </h2>
      {paid ? (
        <>
          <DetailList
            className="card-result__facts"
            rows={[
              { text: t('card.result.receiptNo'), value: result.receiptNo ?? '', whole: true },
              { text: t('card.result.amount'), value: format.amount(result.amount), whole: true },
              { text: t('card.result.card'), value: result.last4 ? cardLine(result.bankName, result.last4) : '' },
              { text: t('card.result.paidAt'), value: result.paidAt ? format.dateTime(new Date(result.paidAt)) : '' },
              { text: t('card.result.balanceAfter'), value: result.balanceAfter === null ? '' : format.amount(result.balanceAfter), whole: true },
            ]}
          />
          <p className="card-result__note" data-testid="settled" data-settled={result.settled}>
            {t(result.settled ? 'card.result.settled' : 'card.result.notSettled')}
          </p>
        </>
      ) : (
        <>
          <p className="card-result__note" data-testid="result-message">
            {message || t(bodies[status])}
          </p>
          {status === CardRepaymentStatus.Charging ? (
            <button type="button" className="button" onClick={onRefresh} disabled={busy}>
              {t('card.result.refresh')}
            </button>
          ) : (
            <button type="button" className="button" onClick={onRetry} disabled={busy}>
              {t('card.result.tryAgain')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
