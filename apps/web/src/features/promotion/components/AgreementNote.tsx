import { useT } from '../../../lib/i18n/hash';

/** The agreement variant's line under Register, linking the user terms (same-site links keep the language). */
export function AgreementNote({ termsUrl, languageFlag }: { termsUrl: string; languageFlag: string | null }) {
  const t = useT();
  const href = termsUrl.startsWith('/') && languageFlag ? `${termsUrl}?language=${encodeURIComponent(languageFlag)}` : termsUrl;
  return (
    <p className="promo__agreement">
      {t('promo.agreementBefore')} <a href={href}>{t('promo.agreementLink')}</a>
      {t('promo.agreementAfter')}
    </p>
  );
}
