import { SiteRoute } from '@lend/contracts';
import { useT, type MessageKey } from '../../../lib/i18n/site';
import { useCompanyFacts } from '../company-facts';
import { useSiteLink } from '../use-site-link';

export const OFFICIAL_PAGES: readonly { path: string; label: MessageKey }[] = [
  { path: SiteRoute.about, label: 'site.page.about' },
  { path: SiteRoute.user, label: 'site.page.user' },
  { path: SiteRoute.contact, label: 'site.page.contact' },
  { path: SiteRoute.policy, label: 'site.page.policy' },
  { path: SiteRoute.loan, label: 'site.page.loan' },
];

/** Phone, e-mail, address and registration from the company facts; links to the official pages. */
export function SiteFooter() {
  const t = useT();
  const link = useSiteLink();
  const { facts, year } = useCompanyFacts();
  return (
    <footer className="site__footer">
      <h2 className="site__footer-title">{t('site.footer.contactTitle')}</h2>
      {facts ? (
        <ul className="site__facts" data-testid="footer-facts">
          <li>
            <span className="site__fact-label">{t('site.fact.phone')}</span> <a href={facts.phoneHref}>{facts.phone}</a>
          </li>
          <li>
            <span className="site__fact-label">{t('site.fact.email')}</span> <a href={facts.emailHref}>{facts.email}</a>
          </li>
          <li>
            <span className="site__fact-label">{t('site.fact.address')}</span> <span>{facts.address}</span>
          </li>
          <li className="site__registration">{t('site.footer.registration', { cin: facts.cin, nbfc: facts.nbfcNumber })}</li>
        </ul>
      ) : (
        <p>{t('site.footer.unavailable')}</p>
      )}
      <nav aria-label={t('site.pagesLabel')}>
        <ul className="site__footer-links">
          {OFFICIAL_PAGES.map((page) => (
            <li key={page.path}>
              <a href={link(page.path)}>{t(page.label)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site__copyright">{t('site.footer.copyright', { year, company: facts?.name ?? t('brand.name') })}</p>
    </footer>
  );
}
