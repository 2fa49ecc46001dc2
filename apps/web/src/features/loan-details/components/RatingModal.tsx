import { useId } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { Modal } from '../../../ui/Modal';
import { FieldProblem } from '../../../ui/FieldProblem';
import { STARS, useStarScore } from '../../../ui/use-star-score';
import { sendLoanScore } from '../api/send-loan-score';

type RatingModalProps = {
  orderNo: string;
  open: boolean;
  onClose: () => void;
  /** Called after the score is stored, with it: under 4 thanks, 4 or 5 the store prompt. */
  onRated: (score: number) => void;
};

/** Five stars: tapping star n fills 1..n; sending nothing asks for a rating, under the stars (docs/decisions/034, 234). */
export function RatingModal({ orderNo, open, onClose, onRated }: RatingModalProps) {
  const t = useT();
  const problemId = useId();
  const { score, setScore, sending, reset, submit, problem } = useStarScore(async (n) => {
    await sendLoanScore(orderNo, n, t('loanDetails.rateSending'));
    onRated(n);
  }, t('loanDetails.rateRequired'));

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal open={open} title={t('loanDetails.rateTitle')} onClose={close} closeOnMask closeButton={false}>
      <p>{t('loanDetails.rateBody')}</p>
      <div className="stars" role="radiogroup" aria-label={t('loanDetails.stars')} aria-describedby={problem ? problemId : undefined}>
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
      <FieldProblem id={problemId} problem={problem} />
      <div className="modal__actions">
        <button type="button" className="button" disabled={sending} onClick={() => void submit()}>
          {t('loanDetails.rateSend')}
        </button>
        <button type="button" className="button button--ghost" onClick={close}>
          {t('loanDetails.rateCancel')}
        </button>
      </div>
    </Modal>
  );
}
