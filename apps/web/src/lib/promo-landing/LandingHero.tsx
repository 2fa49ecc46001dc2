import type { CSSProperties, ReactNode } from 'react';
import type { PromoLanding } from '@lend/contracts';
import './promo-hero.css';

/**
 * The promotion landing's hero in the template's colours: what a visitor sees first, and what the
 * back office's template preview shows (docs/decisions/179), one component for both so they
 * cannot differ.
 */

/** The template's colours as CSS custom properties for everything under the landing's root. */
export function templateStyle(landing: PromoLanding): CSSProperties {
  return {
    '--promo-bg': landing.colours.background,
    '--promo-text': landing.colours.text,
    '--promo-button': landing.colours.button,
    '--promo-button-text': landing.colours.buttonText,
  } as CSSProperties;
}

/**
 * Banner and copy from the template; the banner is decoration, the copy carries the message, and
 * the banner is the landing's largest paint, so it is fetched first.
 */
export function PromoHero({ landing, heading, children }: { landing: PromoLanding; heading?: string; children?: ReactNode }) {
  return (
    <header className="promo__hero-wrap">
      <img className="promo__banner" src={landing.bannerUrl} alt="" width={720} height={320} decoding="async" fetchPriority="high" />
      <div className="promo__hero">
        <h1 className="promo__title">{heading ?? landing.title}</h1>
        {children ?? (
          <>
            <p className="promo__headline">{landing.headline}</p>
            {landing.body && <p className="promo__body">{landing.body}</p>}
          </>
        )}
      </div>
    </header>
  );
}

/**
 * The landing in the template's colours: its hero, then what follows it (the form). The site root's
 * page paints it without a form before any script, from this very component (docs/decisions/101).
 */
export function LandingPage({ landing, children }: { landing: PromoLanding; children?: ReactNode }) {
  return (
    <div className="promo" style={templateStyle(landing)}>
      <PromoHero landing={landing} />
      {children}
    </div>
  );
}
