import {
  COMPANY_FACTS_VIEW_KEYS,
  MARKET_SITE_PAGES,
  marketPageKey,
  Prerender,
  SITE_MARKETS,
  type CompanyFactsView,
  type Language,
} from '@lend/contracts';
import { renderToString } from 'react-dom/server';
import { PAGE_META } from '../../features/site/page-meta';
import { prerenderedAddress, siteMarket } from '../../features/site/site-address';
import { provideSiteFacts } from '../../features/site/site-boot';
import { createTranslator } from '../../lib/i18n';
import { pageTitle, siteCatalogues } from '../../lib/i18n/site';
import { siteEn } from '../../locales/areas/site.en';
import { siteEs } from '../../locales/areas/site.es';
import { loadSitePage } from './pages';
import { SiteDocument } from './SiteDocument';

/** Build-time entry (vite --ssr): renders each site page to HTML for scripts/prerender.mjs. */
export { flagFromLanguage, Prerender, WEB_APP_MANIFEST_PATH } from '@lend/contracts';
// The site root also carries the hash links: its page preloads their screens' chunks, and paints
// the promotion landing's frame (docs/decisions/098, 101).
export { hashRoutes } from '../hash/routes';
export { HASH_ROUTE_MARKER, PAGE_CHUNKS_ID } from './page-scripts';
export { PAGE_FRAME_ID, PAGE_FRAME_MARKER } from '../../lib/page-frame';
export { LANDING_HERO_ID } from '../../features/promotion/landing-frame';
export { renderLandingFrame } from '../../features/promotion/landing-frame-markup';
/** Each page, and each market's page of those that differ by market (`/Loan?market=MX`, docs/decisions/147). */
export const PRERENDERED_PATHS: readonly string[] = [
  ...Object.keys(PAGE_META),
  ...MARKET_SITE_PAGES.flatMap((path) => SITE_MARKETS.map((market) => marketPageKey(path, market))),
];

export type RenderedPage = { html: string; title: string; description: string };

const markerFacts = Object.fromEntries(COMPANY_FACTS_VIEW_KEYS.map((key) => [key, Prerender.factMarker(key)])) as CompanyFactsView;

const catalogues = { en: siteEn, es: siteEs } as const;
siteCatalogues.provide('en', siteEn);
siteCatalogues.provide('es', siteEs);

export async function renderSitePage(key: string, language: Language): Promise<RenderedPage> {
  const [path = key, search = ''] = key.split('?');
  const market = siteMarket({ pathname: path, search: `?${search}` });
  const meta = PAGE_META[path];
  if (!meta) throw new Error(`no page meta for ${path}`);
  const page = await loadSitePage(path);
  if (!page) throw new Error(`no site page for ${path}`);
  // The server swaps the markers for the configured facts on every request.
  provideSiteFacts({ facts: markerFacts, year: Prerender.yearMarker, contactResult: { sent: Prerender.contactSentMarker, refused: Prerender.contactRefusedMarker } });
  const html = renderToString(<SiteDocument address={prerenderedAddress(path, language, market)} page={page} />);
  const t = createTranslator(catalogues[language], language);
  return { html, title: pageTitle(t, meta.title), description: t(meta.description) };
}
