import { SiteRoute } from '@lend/contracts';
import { useT } from '../../../lib/i18n/site';
import { ContactForm } from '../contact/ContactForm';
import { usePageMeta } from '../use-page-meta';

export function ContactPage() {
  const t = useT();
  usePageMeta(SiteRoute.contact);
  return (
    <article className="site-page">
      <h1>{t('site.contact.title')}</h1>
      <p>{t('site.contact.intro')}</p>
      <ContactForm headingLevel={null} />
    </article>
  );
}
