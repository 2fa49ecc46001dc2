import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/site';
import { OFFICIAL_PAGES, SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import { useSiteAddress } from '../site-address';
import { useSiteLink } from '../use-site-link';

/** The official pages (/About, /User, /Contact, /Policy, /Loan): header with their menu, page, footer. */
export function OfficialLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const link = useSiteLink();
  const { pathname } = useSiteAddress();
  return (
    <div className="site">
      <SiteHeader>
        <nav aria-label={t('site.pagesLabel')}>
          <ul className="site__nav">
            {OFFICIAL_PAGES.map((page) => (
              <li key={page.path}>
                <a href={link(page.path)} aria-current={pathname === page.path ? 'page' : undefined}>
                  {t(page.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </SiteHeader>
      <main className="site__main" id="content">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
