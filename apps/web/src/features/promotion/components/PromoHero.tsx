import type { CSSProperties, ReactNode } from 'react';
import type { PromoLanding } from '@lend/contracts';
import './promo-hero.css';

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
 * Banner and copy from the template; the banner is decoration, the copy carries the message. The
 * site root's page paints the same box before any script (LandingFrame.tsx): change both together.
 */
export function PromoHero({ landing, heading, children }: { landing: PromoLanding; heading?: string; children?: ReactNode }) {
  return (
    <header className="promo__hero-wrap">
      <img className="promo__banner" src={landing.bannerUrl} alt="" width={720} height={320} decoding="async" />
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
