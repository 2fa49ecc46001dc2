import { CardLimits } from '@lend/contracts';
import type { ClipboardEvent } from 'react';
import { useT } from '../../../lib/i18n/hash';
import { codeDigits } from '../card-fields';

type Props = {
  id: string;
  value: string;
  onChange: (code: string) => void;
  /** The id of the message saying what is wrong with the code, while there is one. */
  errorId?: string | undefined;
};

/**
 * One field for the SMS code, so the phone's one-time-code suggestion fills it whole. A paste is
 * read before maxLength can cut it, so "123 456" keeps all six digits.
 */
export function CodeField({ id, value, onChange, errorId }: Props) {
  const t = useT();
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    onChange(codeDigits(`${value.slice(0, start)}${event.clipboardData.getData('text')}${value.slice(end)}`));
  };
  return (
    <div className="card-field">
      <label htmlFor={id}>{t('card.verify.code')}</label>
      <input
        id={id}
        className="text-input card-field__input--code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CardLimits.codeLength}
        spellCheck={false}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        value={value}
        onChange={(event) => onChange(codeDigits(event.target.value))}
        onPaste={onPaste}
      />
    </div>
  );
}
