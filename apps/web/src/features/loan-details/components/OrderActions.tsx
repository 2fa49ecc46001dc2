import { orderActions } from '@lend/domain';
import { useT } from '../../../lib/i18n/borrower';

type OrderActionsProps = {
  status: number;
  delayAllowed: boolean;
  repayHref: string;
  onDelay: () => void;
  onBorrowAgain: () => void;
};

/** The buttons the status machine gives this status (docs/decisions/034); nothing for review, payout and rejection. */
export function OrderActions({ status, delayAllowed, repayHref, onDelay, onBorrowAgain }: OrderActionsProps) {
  const t = useT();
  const actions = orderActions(status, delayAllowed);
  if (actions.length === 0) return null;
  return (
    <div className="order-actions">
      {actions.map((action) => {
        if (action === 'repay') {
          return (
            <a key={action} className="button" href={repayHref}>
              {t('loanDetails.repay')}
            </a>
          );
        }
        if (action === 'delay') {
          return (
            <button key={action} type="button" className="button button--ghost" onClick={onDelay}>
              {t('loanDetails.delay')}
            </button>
          );
        }
        return (
          <button key={action} type="button" className="button" onClick={onBorrowAgain}>
            {t('loanDetails.borrowAgain')}
          </button>
        );
      })}
    </div>
  );
}
