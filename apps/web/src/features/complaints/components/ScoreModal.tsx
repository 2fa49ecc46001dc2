import { useId } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { Modal } from '../../../ui/Modal';
import { FieldProblem } from '../../../ui/FieldProblem';
import { STARS, useStarScore } from '../../../ui/use-star-score';

type ScoreModalProps = {
  open: boolean;
  onClose: () => void;
  /** Stores the score; resolves when stored, rejects when refused (the refusal was shown). */
  onSend: (score: number) => Promise<void>;
};

/** Five stars: star n fills 1..n; sending without a star asks for one; cancel or the mask resets it (docs/decisions/023). */
export function ScoreModal({ open, onClose, onSend }: ScoreModalProps) {
  const t = useT();
  const problemId = useId();
  const { score, setScore, sending, reset, submit, problem } = useStarScore(onSend, t('complaints.score.choose'));

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal open={open} title={t('complaints.score.title')} onClose={close} closeOnMask closeButton={false}>
      <fieldset className="complaint-stars" aria-describedby={problem ? problemId : undefined}>
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
      <FieldProblem id={problemId} problem={problem} />
      <div className="complaint-actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('complaints.score.cancel')}
        </button>
        <button type="button" className="button" disabled={sending} onClick={() => void submit()}>
          {t('complaints.score.send')}
        </button>
      </div>
    </Modal>
  );
}
