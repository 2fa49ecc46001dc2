import { NavLink, Outlet } from 'react-router';
import { SiteRoute } from '@lend/contracts';
import { useT } from '../../lib/i18n';
import { usePageParams } from '../../lib/page-params';
import { Logo } from '../../ui/Logo';
import { SITE_PAGES } from './site-pages';
import './site.css';

/** Header with the company name and menu, the page, then the footer. */
export function SiteLayout() {
  const t = useT();
  const { language } = usePageParams();
  // The language flag rides along so the visitor keeps their language from page to page.
  const search = language ? `?${new URLSearchParams({ language }).toString()}` : '';
  return (
    <div className="site">
      <header className="site__header">
        <NavLink className="site__brand" to={{ pathname: SiteRoute.home, search }}>
          <Logo size={32} />
          <span>{t('brand.name')}</span>
        </NavLink>
        <nav aria-label={t('site.navLabel')}>
          <ul className="site__nav">
            {SITE_PAGES.map((page) => (
              <li key={page.path}>
                <NavLink to={{ pathname: page.path, search }} end>
                  {t(page.nav)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="site__main">
        <Outlet />
      </main>
      <footer className="site__footer">
        <p>{t('site.footer', { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}
