import { SITE_MARKET_PARAM, SiteRoute } from '@lend/contracts';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/site';
import { Logo } from '../../../ui/Logo';
import { siteMarket, useSiteAddress } from '../site-address';
import { useOtherLanguage, useSiteLink } from '../use-site-link';

const LANGUAGE_NAMES = { en: 'English', es: 'Español' } as const;

/** Brand, language switch, and the page's own navigation below them. */
export function SiteHeader({ children }: { children: ReactNode }) {
  const t = useT();
  const link = useSiteLink();
  const address = useSiteAddress();
  const { pathname } = address;
  const other = useOtherLanguage();
  // The other language of a market's page shows the same market's text.
  const market = siteMarket(address);
  const otherHref = `${pathname}${other.search}${market ? `&${SITE_MARKET_PARAM}=${market}` : ''}`;
  return (
    <header className="site__header">
      <a className="site__skip" href="#content">
        {t('site.skipToContent')}
      </a>
      <div className="site__bar">
        <a className="site__brand" href={link(SiteRoute.home)} aria-label={t('site.homeLink')}>
          <Logo size={32} />
          <span>{t('brand.name')}</span>
        </a>
        <a className="site__language" href={otherHref} lang={other.language} hrefLang={other.language}>
          {LANGUAGE_NAMES[other.language]}
        </a>
      </div>
      {children}
    </header>
  );
}
