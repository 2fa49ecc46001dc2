import { PHONE_RULES, type PhoneMarket } from '@lend/contracts';
import { useLanguage, useT } from '../../../lib/i18n/hash';

/** Digits only, capped at the market's length, with the country code shown beside it. */
export function PhoneField({ market, value, onChange }: { market: PhoneMarket; value: string; onChange: (phone: string) => void }) {
  const t = useT();
  const language = useLanguage();
  const rule = PHONE_RULES[market];
  return (
    <div className="promo__field">
      <label htmlFor="promo-phone">{t('promo.phone')}</label>
      <div className="promo__row">
        <span className="promo__prefix" aria-label={t('promo.countryCode', { code: rule.countryCode })}>
          {rule.countryCode}
        </span>
        <input
          id="promo-phone"
          name="phone"
          className="text-input promo__input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={rule.length}
          placeholder={t('promo.phonePlaceholder', { digits: rule.length })}
          aria-describedby="promo-phone-hint"
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, rule.length))}
        />
      </div>
      <p id="promo-phone-hint" className="promo__hint">
        {rule.hint[language]}
      </p>
    </div>
  );
}
