import { Limits } from '@lend/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/http/errors';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Modal } from '../../../ui/Modal';
import { sendLoanScore } from '../api/send-loan-score';

type RatingModalProps = {
  orderNo: string;
  open: boolean;
  onClose: () => void;
  /** Called after the score is stored, with it: under 4 thanks, 4 or 5 the store prompt. */
  onRated: (score: number) => void;
};

const STARS = Array.from({ length: Limits.ratingMax }, (_, i) => i + 1);

/** Five stars: tapping star n fills 1..n; sending nothing asks for a rating (spec §4 'Rating flow'). */
export function RatingModal({ orderNo, open, onClose, onRated }: RatingModalProps) {
  const t = useT();
  const [score, setScore] = useState(0);
  const [sending, setSending] = useState(false);

  const close = () => {
    setScore(0);
    onClose();
  };

  const send = async () => {
    if (score < Limits.ratingMin) {
      toast.show(t('loanDetails.rateRequired'));
      return;
    }
    setSending(true);
    try {
      await sendLoanScore(orderNo, score, t('loanDetails.rateSending'));
      setScore(0);
      onRated(score);
    } catch (error) {
      if (!(error instanceof ApiError)) toast.show(t('errors.network'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open={open} title={t('loanDetails.rateTitle')} onClose={close} closeOnMask closeButton={false}>
      <p>{t('loanDetails.rateBody')}</p>
      <div className="stars" role="radiogroup" aria-label={t('loanDetails.stars')}>
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={score === n}
            aria-label={t('loanDetails.star', { n })}
            className={`stars__star${n <= score ? ' stars__star--on' : ''}`}
            onClick={() => setScore(n)}
          >
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
              <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
            </svg>
          </button>
        ))}
      </div>
      <div className="modal__actions">
        <button type="button" className="button" disabled={sending} onClick={() => void send()}>
          {t('loanDetails.rateSend')}
        </button>
        <button type="button" className="button button--ghost" onClick={close}>
          {t('loanDetails.rateCancel')}
        </button>
      </div>
    </Modal>
  );
}
