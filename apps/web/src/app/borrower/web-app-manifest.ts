import { AppRoute, flagFromLanguage, MARKET_LANGUAGE, Theme, type PhoneMarket } from '@lend/contracts';

/** The app's icons as the build serves them (`public/icons/`, drawn by `scripts/app-icons.mjs`). */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** Each market's language tag with its country: what the installed app is written in. */
const MARKET_LANG: Record<PhoneMarket, string> = { MX: 'es-MX', IN: 'en-IN' };

export type WebAppManifest = {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: typeof APP_ICONS;
};

/**
 * A market's web app (docs/decisions/240): the product's name in the market's language, opening on
 * the borrower's home in that language (an address without the flag would be Spanish), the brand
 * colour for the bar and the splash. Its own `id` per market: each market's app is installed apart.
 */
export function webAppManifest(market: PhoneMarket, brandName: string): WebAppManifest {
  const language = MARKET_LANGUAGE[market];
  return {
    id: `${AppRoute.webHome}?market=${market}`,
    name: brandName,
    short_name: brandName,
    lang: MARKET_LANG[market],
    dir: 'ltr',
    start_url: `${AppRoute.webHome}?language=${flagFromLanguage(language)}`,
    scope: '/',
    display: 'standalone',
    theme_color: Theme.background,
    background_color: Theme.background,
    icons: APP_ICONS,
  };
}
