import { CardLimits, cardDigits, groupCardNumber, luhnValid } from '@lend/contracts';
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { useT, type MessageKey } from '../../../lib/i18n/hash';
import { formatExpiry, isExpired, parseExpiry, type Expiry } from '../card-fields';

/** A card as the provider needs it; only ever held in memory. */
export type CardDetails = { number: string; expiry: Expiry; holderName: string };

type Field = 'number' | 'expiry' | 'holder';
type Problem = { field: Field; message: MessageKey };

type Props = {
  saving: boolean;
  /** Resolves true once the card is saved; the fields are then cleared. */
  onSubmit: (card: CardDetails) => Promise<boolean>;
  /** The borrower began filling in the form (first focus). */
  onStart?: () => void;
  children?: ReactNode;
};

// Grouped digits plus the spaces between groups of four.
const numberMaxLength = CardLimits.cardNumberMaxDigits + Math.floor((CardLimits.cardNumberMaxDigits - 1) / 4);

/**
 * Number, expiry and name on the card, checked before anything is sent: the Luhn check catches a
 * mistyped number, an expiry in the past is refused. The fields have no `name`, so even a form
 * submitted without script could not put the number in an address.
 */
export function CardForm({ saving, onSubmit, onStart, children }: Props) {
  const t = useT();
  const ids = { number: useId(), expiry: useId(), holder: useId() };
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = { number: useRef(null), expiry: useRef(null), holder: useRef(null) };
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [holder, setHolder] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  const check = (): Problem | CardDetails => {
    if (!luhnValid(number)) return { field: 'number', message: 'card.add.numberInvalid' };
    const parsed = parseExpiry(expiry);
    if (!parsed) return { field: 'expiry', message: 'card.add.expiryInvalid' };
    if (isExpired(parsed, new Date())) return { field: 'expiry', message: 'card.add.expired' };
    const holderName = holder.trim();
    if (!holderName) return { field: 'holder', message: 'card.add.holderRequired' };
    return { number, expiry: parsed, holderName };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = check();
    if ('field' in checked) {
      setProblem(checked);
      refs[checked.field].current?.focus();
      return;
    }
    setProblem(null);
    if (await onSubmit(checked)) {
      setNumber('');
      setExpiry('');
      setHolder('');
    }
  };

  /** A labelled text field with its refusal under it; `input` holds what sets this field apart. */
  const field = (name: Field, label: string, input: InputHTMLAttributes<HTMLInputElement>) => {
    const invalid = problem?.field === name;
    const errorId = `${ids[name]}-error`;
    return (
      <div className="card-field">
        <label htmlFor={ids[name]}>{label}</label>
        <input
          {...input}
          id={ids[name]}
          ref={refs[name]}
          className={`text-input ${input.className ?? ''}`.trim()}
          type="text"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
        {invalid && (
          <p id={errorId} className="card-field__error" role="alert">
            {t(problem.message)}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="card card-form" onSubmit={(event) => void submit(event)} onFocus={onStart} noValidate>
      {field('number', t('card.add.number'), {
        className: 'card-field__input--number',
        inputMode: 'numeric',
        autoComplete: 'cc-number',
        maxLength: numberMaxLength,
        value: groupCardNumber(number),
        onChange: (event) => setNumber(cardDigits(event.target.value)),
      })}
      {field('expiry', t('card.add.expiry'), {
        className: 'card-field__input--expiry',
        inputMode: 'numeric',
        autoComplete: 'cc-exp',
        maxLength: 5,
        placeholder: t('card.add.expiryPlaceholder'),
        value: expiry,
        onChange: (event) => setExpiry(formatExpiry(event.target.value)),
      })}
      {field('holder', t('card.add.holder'), {
        autoComplete: 'cc-name',
        autoCapitalize: 'words',
        maxLength: CardLimits.holderNameMax,
        value: holder,
        onChange: (event) => setHolder(event.target.value),
      })}
      <button type="submit" className="button" disabled={saving}>
        {t('card.add.save')}
      </button>
      {children}
    </form>
  );
}
