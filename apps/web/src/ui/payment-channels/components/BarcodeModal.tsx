import { useT } from '../../../lib/i18n/borrower';
import { Modal } from '../../../ui/Modal';
import type { Channel } from './ChannelRow';

/** A place's barcode to show at the till; tapping the dimmed area closes it. */
export function BarcodeModal({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={channel !== null} title={t('channels.barcode')} onClose={onClose} closeOnMask>
      <p className="barcode-modal__scan">{t('channels.scanToPay')}</p>
      {channel && <img className="barcode-modal__image" src={channel.BARcodeImg} alt={t('channels.barcodeAlt', { code: channel.vCode })} />}
    </Modal>
  );
}
