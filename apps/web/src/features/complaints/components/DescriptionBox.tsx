import { codePointLength, limitCodePoints } from '@lend/contracts';
import { useId, type Ref } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { FieldProblem } from '../../../ui/FieldProblem';

type DescriptionBoxProps = {
  value: string;
  max: number;
  onChange: (value: string) => void;
  /** What is wrong with the text (empty, refused), said under it. */
  problem?: string | null;
  textareaRef?: Ref<HTMLTextAreaElement>;
};

/** The complaint text with its x/max counter; typing past `max` characters is not taken. */
export function DescriptionBox({ value, max, onChange, problem = null, textareaRef }: DescriptionBoxProps) {
  const t = useT();
  const id = useId();
  const counterId = useId();
  const problemId = useId();
  const count = codePointLength(value);
  return (
    <div className="complaint-field">
      <label htmlFor={id} className="complaint-field__label">
        {t('complaints.next.description')}
      </label>
      <textarea
        id={id}
        className="complaint-textarea"
        name="problemDetail"
        rows={6}
        value={value}
        placeholder={t('complaints.next.placeholder')}
        ref={textareaRef}
        aria-describedby={problem ? `${counterId} ${problemId}` : counterId}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(limitCodePoints(event.target.value, max))}
      />
      <span id={counterId} className="complaint-counter">
        <span aria-hidden="true">{t('complaints.next.counter', { count, max })}</span>
        <span className="visually-hidden">{t('complaints.next.counterLabel', { count, max })}</span>
      </span>
      <FieldProblem id={problemId} problem={problem} />
    </div>
  );
}
