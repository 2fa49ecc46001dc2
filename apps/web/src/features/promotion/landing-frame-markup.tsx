import { PHONE_MARKETS, type Language, type PromoLanding } from '@lend/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '../../lib/i18n';
import { hashCatalogues } from '../../lib/i18n/hash';
import { PAGE_FRAME_ID } from '../../lib/page-frame';
import { hashEn } from '../../locales/areas/hash.en';
import { hashEs } from '../../locales/areas/hash.es';
import { LandingLoading, LandingPage } from './components/PromoHero';
import promoHeroCss from '../../lib/promo-landing/promo-hero.css?inline';
import { heroPlaceholder, LANDING_HERO_FIELDS, type LandingHeroField, type LandingHeroMarkup } from './landing-frame';

/**
 * Build time only: what the site root's page paints of the promotion landing before any script
 * (docs/decisions/101), rendered from the landing screen's own components so the page and the
 * screen cannot differ.
 */

const LANGUAGES: readonly Language[] = ['es', 'en'];

/** The values a template may leave empty; its colours are saved as #RRGGBB, never empty. */
const MAY_BE_EMPTY: readonly LandingHeroField[] = ['bannerUrl', 'title', 'headline', 'body'];

function placeholderLanding(empty: ReadonlySet<LandingHeroField>): PromoLanding {
  const value = (field: LandingHeroField) => (empty.has(field) ? '' : heroPlaceholder(field));
  return {
    id: 0,
    title: value('title'),
    headline: value('headline'),
    body: value('body'),
    bannerUrl: value('bannerUrl'),
    colours: {
      background: value('colours.background'),
      text: value('colours.text'),
      button: value('colours.button'),
      buttonText: value('colours.buttonText'),
    },
    downloadLinks: { android: null, ios: null },
    termsUrl: '',
    trackingCode: '',
    market: PHONE_MARKETS[0],
    phoneLength: 0,
  };
}

const heroHtml = (empty: ReadonlySet<LandingHeroField>) => renderToStaticMarkup(<LandingPage landing={placeholderLanding(empty)} />);

/**
 * The landing's hero (LandingPage without its form) with a placeholder for each value, and one
 * variant for each combination of the values whose absence changes more than their own text.
 */
export function renderLandingHero(): LandingHeroMarkup {
  const full = heroHtml(new Set());
  const fields = MAY_BE_EMPTY.filter((field) => heroHtml(new Set([field])) !== full.split(heroPlaceholder(field)).join(''));
  const variants: Record<string, string> = {};
  for (let mask = 0; mask < 2 ** fields.length; mask += 1) {
    const given = fields.map((_, index) => (mask & (1 << index)) !== 0);
    variants[given.map((has) => (has ? '1' : '0')).join('')] = heroHtml(new Set(fields.filter((_, index) => !given[index])));
  }
  for (const field of LANDING_HERO_FIELDS) if (!full.includes(heroPlaceholder(field))) throw new Error(`the landing's hero does not show ${field}`);
  return { fields, variants };
}

hashCatalogues.provide('en', hashEn);
hashCatalogues.provide('es', hashEs);

/**
 * The frame outside `#root` on the site root's page: the landing's loading state in both languages
 * (the page's CSS shows the link's), which the page's script replaces with the hero once the
 * template has answered; and the styles the hero needs.
 */
export function renderLandingFrame(): { html: string; hero: LandingHeroMarkup; css: string } {
  const html = renderToStaticMarkup(
    <div id={PAGE_FRAME_ID}>
      {LANGUAGES.map((language) => (
        <div key={language} lang={language}>
          <I18nProvider language={language} catalogues={hashCatalogues}>
            <LandingLoading />
          </I18nProvider>
        </div>
      ))}
    </div>,
  );
  return { html, hero: renderLandingHero(), css: promoHeroCss };
}
