import { Limits } from '@lend/contracts';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { Modal } from '../../../ui/Modal';
import { useToast } from '../../../ui/toast/ToastProvider';

type ScoreModalProps = {
  open: boolean;
  onClose: () => void;
  /** Stores the score; resolves when stored, rejects when refused (the refusal was shown). */
  onSend: (score: number) => Promise<void>;
};

const STARS = Array.from({ length: Limits.ratingMax }, (_, i) => i + 1);

/** Five stars: star n fills 1..n; sending without a star asks for one; cancel or the mask resets it (spec §4). */
export function ScoreModal({ open, onClose, onSend }: ScoreModalProps) {
  const t = useT();
  const toast = useToast();
  const [score, setScore] = useState(0);
  const [sending, setSending] = useState(false);

  const close = () => {
    setScore(0);
    onClose();
  };

  const send = async () => {
    if (score < Limits.ratingMin) {
      toast.show(t('complaints.score.choose'));
      return;
    }
    setSending(true);
    try {
      await onSend(score);
      setScore(0);
    } catch {
      // the refusal is on screen already
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open={open} title={t('complaints.score.title')} onClose={close} closeOnMask closeButton={false}>
      <fieldset className="complaint-stars">
        <legend className="visually-hidden">{t('complaints.score.stars')}</legend>
        {STARS.map((n) => (
          <label key={n} className={n <= score ? 'complaint-star complaint-star--on' : 'complaint-star'}>
            <input
              type="radio"
              name="complaint-score"
              className="visually-hidden"
              value={n}
              checked={score === n}
              onChange={() => setScore(n)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('complaints.score.star', { n })}</span>
          </label>
        ))}
      </fieldset>
      <div className="complaint-actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('complaints.score.cancel')}
        </button>
        <button type="button" className="button" disabled={sending} onClick={() => void send()}>
          {t('complaints.score.send')}
        </button>
      </div>
    </Modal>
  );
}
