import { PromotionLimits } from '@lend/contracts';
import { useT } from '../../../lib/i18n/hash';

type Props = {
  src: string;
  failed: boolean;
  /** The text challenge's question while the visitor uses it instead of the image; null for the image. */
  question: string | null;
  value: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
  onImageError: () => void;
  /** Switches between the image and the text challenge. */
  onSwitch: () => void;
};

/**
 * The captcha: type what the picture shows (tap it for a new one), or, for a visitor who cannot
 * see it, the digits a question spells out.
 */
export function CaptchaField({ src, failed, question, value, onChange, onRefresh, onImageError, onSwitch }: Props) {
  const t = useT();
  const length = PromotionLimits.captchaLength;
  return (
    <div className="promo__field">
      <label htmlFor="promo-captcha">{question === null ? t('promo.captcha') : t('promo.captchaTextLabel')}</label>
      {question !== null && (
        <p id="promo-captcha-question" className="promo__captcha-question" aria-live="polite">
          {question}
        </p>
      )}
      <div className="promo__row">
        <input
          id="promo-captcha"
          name="capcode"
          className="text-input promo__input"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={length}
          placeholder={t('promo.captchaPlaceholder', { length })}
          value={value}
          {...(question === null ? {} : { 'aria-describedby': 'promo-captcha-question', inputMode: 'numeric' as const })}
          onChange={(event) => onChange(event.target.value.replace(/\s/g, '').slice(0, length))}
        />
        {question === null && (
          <button type="button" className="promo__captcha" onClick={onRefresh} aria-label={failed ? t('promo.captchaFailed') : t('promo.captchaImage')}>
            {failed ? (
              <span className="promo__captcha-failed">{t('promo.captchaFailed')}</span>
            ) : (
              <img src={src} alt="" width={120} height={44} onError={onImageError} data-testid="captcha-image" />
            )}
          </button>
        )}
      </div>
      <button type="button" className="promo__captcha-switch" onClick={onSwitch} data-testid="captcha-switch">
        {question === null ? t('promo.captchaAskText') : t('promo.captchaAskImage')}
      </button>
    </div>
  );
}
