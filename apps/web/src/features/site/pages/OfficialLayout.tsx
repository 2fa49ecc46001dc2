import { NavLink, Outlet } from 'react-router';
import { useT } from '../../../lib/i18n';
import { OFFICIAL_PAGES, SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import { useSiteLink } from '../use-site-link';

/** The official pages (/About, /User, /Contact, /Policy, /Loan): header with their menu, page, footer. */
export function OfficialLayout() {
  const t = useT();
  const link = useSiteLink();
  return (
    <div className="site">
      <SiteHeader>
        <nav aria-label={t('site.pagesLabel')}>
          <ul className="site__nav">
            {OFFICIAL_PAGES.map((page) => (
              <li key={page.path}>
                <NavLink to={link(page.path)} end>
                  {t(page.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </SiteHeader>
      <main className="site__main" id="content">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
