import { COMPANY_FACTS_VIEW_KEYS, flagFromLanguage, Prerender, type CompanyFactsView, type Language } from '@lend/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PAGE_META } from '../../features/site/page-meta';
import { provideSiteFacts } from '../../features/site/site-boot';
import { createTranslator, pageTitle } from '../../lib/i18n';
import { siteRoutes } from './routes';

/** Build-time entry (vite --ssr): renders each site page to HTML for scripts/prerender.mjs. */
export { Prerender } from '@lend/contracts';
export const PRERENDERED_PATHS: readonly string[] = Object.keys(PAGE_META);

export type RenderedPage = { html: string; title: string; description: string };

const markerFacts = Object.fromEntries(COMPANY_FACTS_VIEW_KEYS.map((key) => [key, Prerender.factMarker(key)])) as CompanyFactsView;

export async function renderSitePage(path: string, language: Language): Promise<RenderedPage> {
  const meta = PAGE_META[path];
  if (!meta) throw new Error(`no page meta for ${path}`);
  // The server swaps the markers for the configured facts on every request.
  provideSiteFacts({ facts: markerFacts, year: Prerender.yearMarker });
  const url = new URL(path, 'http://prerender.invalid');
  if (language === 'en') url.search = `?language=${flagFromLanguage(language)}`;
  const handler = createStaticHandler(siteRoutes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`);
  if (context.statusCode !== 200) throw new Error(`${path} rendered with status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const t = createTranslator(language);
  return { html, title: pageTitle(t, meta.title), description: t(meta.description) };
}
