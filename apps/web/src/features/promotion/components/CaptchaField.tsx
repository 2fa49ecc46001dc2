import { PromotionLimits } from '@lend/contracts';
import { useT } from '../../../lib/i18n';

type Props = {
  src: string;
  failed: boolean;
  value: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
  onImageError: () => void;
};

/** The image captcha: type what the picture shows; tap the picture for a new one. */
export function CaptchaField({ src, failed, value, onChange, onRefresh, onImageError }: Props) {
  const t = useT();
  const length = PromotionLimits.captchaLength;
  return (
    <div className="promo__field">
      <label htmlFor="promo-captcha">{t('promo.captcha')}</label>
      <div className="promo__row">
        <input
          id="promo-captcha"
          name="capcode"
          className="promo__input"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={length}
          placeholder={t('promo.captchaPlaceholder', { length })}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\s/g, '').slice(0, length))}
        />
        <button type="button" className="promo__captcha" onClick={onRefresh} aria-label={failed ? t('promo.captchaFailed') : t('promo.captchaImage')}>
          {failed ? (
            <span className="promo__captcha-failed">{t('promo.captchaFailed')}</span>
          ) : (
            <img src={src} alt="" width={120} height={44} onError={onImageError} data-testid="captcha-image" />
          )}
        </button>
      </div>
    </div>
  );
}
