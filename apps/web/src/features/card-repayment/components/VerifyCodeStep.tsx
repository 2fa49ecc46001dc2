import { CardLimits } from '@lend/contracts';
import { useId, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n/hash';
import { Modal } from '../../../ui/Modal';
import { CodeField } from './CodeField';

export type StepBusy = 'confirm' | 'resend' | null;

/** What went wrong with the last try; `aboutCode` marks the code field itself as wrong. */
export type StepError = { message: string; aboutCode: boolean };

type Props = {
  open: boolean;
  code: string;
  onCodeChange: (code: string) => void;
  onConfirm: () => void;
  onResend: () => void;
  onCancel: () => void;
  /** Seconds until another code may be asked for; 0 when it may. */
  secondsLeft: number;
  busy: StepBusy;
  /**
   * What went wrong with the last try. Said inside the step: a modal dialog sits above the page,
   * toasts included, so a toast would go unseen.
   */
  error: StepError | null;
};

/** The SMS verification step of a card payment (docs/decisions/080, 083): the code, a resend with its countdown, cancel. */
export function VerifyCodeStep({ open, code, onCodeChange, onConfirm, onResend, onCancel, secondsLeft, busy, error }: Props) {
  const t = useT();
  const codeId = useId();
  const errorId = `${codeId}-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  const resendLabel =
    busy === 'resend' ? t('card.verify.sending') : secondsLeft > 0 ? t('card.verify.resendIn', { seconds: secondsLeft }) : t('card.verify.getCode');
  return (
    <Modal open={open} title={t('card.verify.title')} onClose={onCancel} closeButton={false}>
      <form className="card-verify" onSubmit={submit} noValidate data-testid="verify-step">
        <p className="card-verify__body">{t('card.verify.body', { length: CardLimits.codeLength })}</p>
        <div className="card-verify__code">
          <CodeField id={codeId} value={code} onChange={onCodeChange} errorId={error?.aboutCode ? errorId : undefined} />
          <button
            type="button"
            className="button button--ghost card-verify__resend"
            onClick={onResend}
            disabled={busy !== null || secondsLeft > 0}
            data-testid="resend-code"
          >
            <span role="timer" aria-live="off">
              {resendLabel}
            </span>
          </button>
        </div>
        {error && (
          <p id={errorId} className="card-field__error" role="alert" data-testid="verify-error">
            {error.message}
          </p>
        )}
        <div className="card-verify__actions">
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'confirm' ? t('card.verify.confirming') : t('card.verify.confirm')}
          </button>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('card.verify.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
