import { useT } from '../../../lib/i18n/hash';
import { Loading } from '../../../ui/Loading';

// The hero itself is lib/promo-landing: the back office's template preview shows it too (docs/decisions/179).
export { LandingPage, PromoHero, templateStyle } from '../../../lib/promo-landing/LandingHero';

/** Both promotion pages while their template is on its way; the site root's page paints it too. */
export function LandingLoading() {
  const t = useT();
  return <Loading label={t('promo.loading')} />;
}
