import { Limits } from '@lend/contracts';
import { usePageTitle, useT } from '../../lib/i18n';
import type { SitePageContent } from './site-pages';

export function SitePage({ page }: { page: SitePageContent }) {
  const t = useT();
  usePageTitle(page.title);
  return (
    <article className="site-page">
      <h1>{t(page.title)}</h1>
      {page.body.map((key) => (
        <p key={key}>{t(key, { days: Limits.delayMaxDays })}</p>
      ))}
    </article>
  );
}
