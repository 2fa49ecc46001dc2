import { codePointLength, limitCodePoints } from '@lend/contracts';
import { useId } from 'react';
import { useT } from '../../../lib/i18n/borrower';

type DescriptionBoxProps = { value: string; max: number; onChange: (value: string) => void };

/** The complaint text with its x/max counter; typing past `max` characters is not taken. */
export function DescriptionBox({ value, max, onChange }: DescriptionBoxProps) {
  const t = useT();
  const id = useId();
  const counterId = useId();
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
        aria-describedby={counterId}
        onChange={(event) => onChange(limitCodePoints(event.target.value, max))}
      />
      <span id={counterId} className="complaint-counter">
        <span aria-hidden="true">{t('complaints.next.counter', { count, max })}</span>
        <span className="visually-hidden">{t('complaints.next.counterLabel', { count, max })}</span>
      </span>
    </div>
  );
}
