import { AppRoute, SiteRoute } from '@lend/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT, type MessageKey } from '../../../lib/i18n/site';
import { Loading } from '../../../ui/Loading';
import { AboutText } from '../components/AboutText';
import { CompanyDetails } from '../components/CompanyDetails';
import { MarketSwitch } from '../components/MarketSwitch';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import { ContactForm } from '../contact/ContactForm';
import { useSiteMarket } from '../site-address';
import { usePageMeta } from '../use-page-meta';
import { useSiteLink } from '../use-site-link';
import { Banner } from './Banner';
import { Faq } from './Faq';
import { FeatureTiles } from './FeatureTiles';
import { useMarketWords } from './market-words';

const LoanTermsDocument = lazy(() => import('../legal/LoanTermsDocument'));

const SECTIONS: readonly { id: string; label: MessageKey }[] = [
  { id: 'home', label: 'site.section.home' },
  { id: 'about', label: 'site.section.about' },
  { id: 'privacy', label: 'site.section.privacy' },
  { id: 'loan-terms', label: 'site.section.loanTerms' },
];

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The one-page company site: a nav of four sections, one shown at a time (docs/decisions/044), of
 * one market (`?market=`, else the language's), with a switch to the other (docs/decisions/232).
 */
export function HomePage() {
  const t = useT();
  const link = useSiteLink();
  usePageMeta(SiteRoute.home);
  const market = useSiteMarket();
  const words = useMarketWords(market);
  const [active, setActive] = useState(0);
  // The frame and the agreement text load the first time their section is shown, not with the page.
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set([0]));
  const chosen = useRef(false);

  useEffect(() => {
    if (!chosen.current) return;
    const section = document.getElementById(SECTIONS[active]?.id ?? '');
    section?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    section?.querySelector<HTMLElement>('[data-section-heading]')?.focus({ preventScroll: true });
  }, [active]);

  const choose = (index: number) => {
    chosen.current = true;
    setActive(index);
    setOpened((current) => new Set(current).add(index));
  };

  const section = (index: number) => ({ id: SECTIONS[index]?.id, hidden: active !== index, className: 'home__section' });
  const heading = { tabIndex: -1, 'data-section-heading': true } as const;

  return (
    <div className="site site--home">
      <SiteHeader>
        <nav aria-label={t('site.sectionsLabel')} className="home__nav">
          <ul className="site__nav">
            {SECTIONS.map((item, index) => (
              <li key={item.id}>
                <button type="button" aria-controls={item.id} aria-current={active === index ? 'true' : undefined} onClick={() => choose(index)}>
                  {t(item.label)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </SiteHeader>
      <main className="site__main" id="content">
        <MarketSwitch path={SiteRoute.home} market={market} label="site.home.marketsLabel" testId="site-market" />
        <section {...section(0)} aria-labelledby="home-title">
          <div className="hero">
            <h1 id="home-title" {...heading}>
              {t('site.hero.title')}
            </h1>
            <p>{t('site.hero.body')}</p>
            {/* Applying needs no app: the journey goes on in the browser (docs/decisions/239). */}
            <a className="button site__apply" href={link(AppRoute.signIn)}>
              {t('site.hero.apply')}
            </a>
          </div>
          <Banner words={words} />
          <FeatureTiles words={words} />
          <Faq words={words} />
        </section>
        <section {...section(1)} aria-labelledby="about-title">
          <h2 id="about-title" {...heading}>
            {t('site.section.about')}
          </h2>
          <AboutText />
          <h3>{t('site.about.factsTitle')}</h3>
          <CompanyDetails />
        </section>
        <section {...section(2)} aria-labelledby="privacy-title">
          <h2 id="privacy-title" {...heading}>
            {t('site.privacy.title')}
          </h2>
          {opened.has(2) && (
            <iframe className="home__frame" title={t('site.privacy.frameTitle')} src={link(AppRoute.privacyPolicy)} />
          )}
          <p>
            <a href={link(AppRoute.privacyPolicy)}>{t('site.privacy.openFull')}</a>
          </p>
        </section>
        <section {...section(3)} aria-labelledby="loan-terms-title">
          <h2 id="loan-terms-title" {...heading}>
            {t('site.loanTerms.title')}
          </h2>
          <p className="home__subtitle">{t('site.loanTerms.subtitle')}</p>
          {opened.has(3) && (
            <Suspense fallback={<Loading label={t('site.loadingText')} />}>
              <LoanTermsDocument market={market} />
            </Suspense>
          )}
        </section>
        <ContactForm headingLevel={2} />
      </main>
      <SiteFooter />
    </div>
  );
}
