import { LANGUAGES, type Language } from '@lend/contracts';
import { useLanguage, useT } from '../../lib/i18n/backoffice';

/** English or Spanish, whatever the market: the choice is kept in this browser. */
export function LanguageSwitch({ onLanguage }: { onLanguage: (language: Language) => void }) {
  const t = useT();
  const language = useLanguage();
  return (
    <label className="bo-language">
      {t('bo.language')}{' '}
      <select name="language" value={language} onChange={(event) => onLanguage(event.currentTarget.value === 'en' ? 'en' : 'es')}>
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`bo.language.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
