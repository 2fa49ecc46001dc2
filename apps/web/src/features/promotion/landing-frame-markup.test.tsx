import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PromoLanding } from '@lend/contracts';
import { LandingPage } from './components/PromoHero';
import { landingHeroHtml } from './landing-frame';
import { renderLandingFrame, renderLandingHero } from './landing-frame-markup';

const landing: PromoLanding = {
  id: 7,
  title: 'Cash <today> & "more"',
  headline: 'Up to $5,000',
  body: "It's quick",
  bannerUrl: '/media/promo/banner.svg?a=1&b=2',
  colours: { background: '#102030', text: '#ffffff', button: '#ffcc00', buttonText: '#000000' },
  downloadLinks: { android: null, ios: null },
  termsUrl: '',
  trackingCode: '',
  market: 'MX',
  phoneLength: 10,
};

describe('the landing the site root’s page paints', () => {
  it('is the markup the screen renders, for any template’s values', () => {
    const hero = renderLandingHero();
    for (const values of [landing, { ...landing, body: '' }, { ...landing, headline: '', title: '' }, { ...landing, bannerUrl: '' }]) {
      expect(landingHeroHtml(hero, values)).toBe(renderToStaticMarkup(<LandingPage landing={values} />));
    }
  });

  it('shows the loading line in both languages until the template is in', () => {
    const { html } = renderLandingFrame();
    expect(html).toContain('<div lang="es"><div class="loading" role="status">');
    expect(html).toContain('<div lang="en"><div class="loading" role="status">');
  });
});
