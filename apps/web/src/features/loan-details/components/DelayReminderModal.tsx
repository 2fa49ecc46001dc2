import { Limits } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { Modal } from '../../../ui/Modal';

type DelayReminderModalProps = { open: boolean; delayHref: string; repayHref: string; onClose: () => void };

/** Before extending: confirm goes to the extension screen, 'no need' to repayment (docs/decisions/034). */
export function DelayReminderModal({ open, delayHref, repayHref, onClose }: DelayReminderModalProps) {
  const t = useT();
  return (
    <Modal open={open} title={t('loanDetails.delayTitle')} onClose={onClose} closeOnMask>
      <p>{t('loanDetails.delayBody', { days: Limits.delayMaxDays })}</p>
      <div className="modal__actions">
        <a className="button" href={delayHref}>
          {t('loanDetails.delayConfirm')}
        </a>
        <a className="modal__link" href={repayHref}>
          {t('loanDetails.delayNoNeed')}
        </a>
      </div>
    </Modal>
  );
}
