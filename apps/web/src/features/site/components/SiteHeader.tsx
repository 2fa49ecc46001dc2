import { SiteRoute } from '@lend/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../lib/i18n';
import { Logo } from '../../../ui/Logo';
import { useOtherLanguage, useSiteLink } from '../use-site-link';

const LANGUAGE_NAMES = { en: 'English', es: 'Español' } as const;

/** Brand, language switch, and the page's own navigation below them. */
export function SiteHeader({ children }: { children: ReactNode }) {
  const t = useT();
  const link = useSiteLink();
  const { pathname } = useLocation();
  const other = useOtherLanguage();
  return (
    <header className="site__header">
      <a className="site__skip" href="#content">
        {t('site.skipToContent')}
      </a>
      <div className="site__bar">
        <Link className="site__brand" to={link(SiteRoute.home)} aria-label={t('site.homeLink')}>
          <Logo size={32} />
          <span>{t('brand.name')}</span>
        </Link>
        <Link className="site__language" to={{ pathname, search: other.search }} lang={other.language} hrefLang={other.language}>
          {LANGUAGE_NAMES[other.language]}
        </Link>
      </div>
      {children}
    </header>
  );
}
