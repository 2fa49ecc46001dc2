import { SiteRoute } from '@lend/contracts';
import { useT } from '../../../lib/i18n/site';
import { AboutText } from '../components/AboutText';
import { CompanyDetails } from '../components/CompanyDetails';
import { usePageMeta } from '../use-page-meta';

export function AboutPage() {
  const t = useT();
  usePageMeta(SiteRoute.about);
  return (
    <article className="site-page">
      <h1>{t('site.about.title')}</h1>
      <AboutText />
      <h2>{t('site.about.factsTitle')}</h2>
      <CompanyDetails />
    </article>
  );
}
