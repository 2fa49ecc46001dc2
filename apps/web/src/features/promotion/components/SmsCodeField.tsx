import { PromotionLimits } from '@lend/contracts';
import { useT } from '../../../lib/i18n/hash';

type Props = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  sending: boolean;
  /** Seconds until another code may be asked for; 0 when it may. */
  secondsLeft: number;
};

/** The SMS code, filled by the phone's one-time-code suggestion where it offers one, and its Send button. */
export function SmsCodeField({ value, onChange, onSend, sending, secondsLeft }: Props) {
  const t = useT();
  const length = PromotionLimits.smsCodeLength;
  const label = secondsLeft > 0 ? t('promo.resendIn', { seconds: secondsLeft }) : sending ? t('promo.sending') : t('promo.sendCode');
  return (
    <div className="promo__field">
      <label htmlFor="promo-sms">{t('promo.smsCode')}</label>
      <div className="promo__row">
        <input
          id="promo-sms"
          name="smsCode"
          className="text-input promo__input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={length}
          placeholder={t('promo.smsCodePlaceholder', { length })}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, length))}
        />
        <button type="button" className="button promo__send" onClick={onSend} disabled={sending || secondsLeft > 0} data-testid="send-code">
          <span role="timer" aria-live="off">
            {label}
          </span>
        </button>
      </div>
    </div>
  );
}
