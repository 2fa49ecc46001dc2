import { useT } from '../../../lib/i18n/site';
import { useCompanyFacts } from '../company-facts';

export function AboutText() {
  const t = useT();
  const { facts } = useCompanyFacts();
  return (
    <>
      <p>{t('site.about.body1', { company: facts?.name ?? t('brand.name') })}</p>
      <p>{t('site.about.body2')}</p>
    </>
  );
}
