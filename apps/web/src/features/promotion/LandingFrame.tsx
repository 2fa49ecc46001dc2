import type { Language } from '@lend/contracts';
import { PAGE_FRAME_ID } from '../../lib/page-frame';
import { LANDING_FRAME_SLOT } from './landing-frame';

const slot = (name: string) => ({ [LANDING_FRAME_SLOT]: name });

/**
 * The landing as the site root's page paints it before any module: the loading line in both
 * languages (the page's CSS shows the link's), then, filled by the page's script from the
 * template (landing-frame.ts), PromoHero's box with the banner and texts, so the screen renders
 * over it without a shift. Rendered at build time only.
 */
export function LandingFrame({ loading }: { loading: Readonly<Record<Language, string>> }) {
  return (
    <div id={PAGE_FRAME_ID}>
      <div className="promo" {...slot('landing')}>
        <header className="promo__hero-wrap" hidden {...slot('hero')}>
          <img className="promo__banner" alt="" width={720} height={320} decoding="async" fetchPriority="high" {...slot('banner')} />
          <div className="promo__hero">
            <h1 className="promo__title" {...slot('title')} />
            <p className="promo__headline" {...slot('headline')} />
            <p className="promo__body" {...slot('body')} />
          </div>
        </header>
        <div className="loading" role="status" {...slot('loading')}>
          <span className="spinner" aria-hidden="true" />
          {(Object.keys(loading) as Language[]).map((language) => (
            <span key={language} lang={language}>
              {loading[language]}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
