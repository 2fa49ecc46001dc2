import { Limits } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { Countdown } from '../../../ui/Countdown';
import { useCountdown } from '../../../ui/countdown';
import { Modal } from '../../../ui/Modal';

const seconds = Math.floor(Limits.loanConfirmReloadMs / 1000);

/** Shown while a revised offer is reloaded: the description of the new amount and a countdown ring. */
export function ReloadModal({ description }: { description: string }) {
  const t = useT();
  const countdown = useCountdown(seconds, undefined, true);
  return (
    // Not dismissable: the terms are being replaced and the screen must not be used meanwhile.
    <Modal open title={t('loanConfirm.reloadTitle')} onClose={() => undefined} closeButton={false}>
      <div className="reload">
        <span className="reload__ring" style={{ animationDuration: `${Limits.loanConfirmReloadMs}ms` }} aria-hidden="true" />
        <Countdown left={countdown.left} />
      </div>
      <p className="reload__text">{description}</p>
    </Modal>
  );
}
