import { flagFromLanguage, type Language } from '@lend/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { complaintInitCall } from '../../features/complaints/api/get-complaint-init';
import { loanDetailsCall } from '../../features/loan-details/api/get-loan-details';
import { NotFoundScreen } from '../../features/not-found/NotFoundScreen';
import { privacyOverviewCall } from '../../features/privacy/api/get-privacy-overview';
import { installmentDetailCall } from '../../features/repayment/api/get-installment-detail';
import { formCallPlan } from '../../lib/http/form-client';
import { createTranslator, staticCatalogues } from '../../lib/i18n';
import { prefetchScript, type PrefetchableCall } from '../../lib/prefetch';
import { loadScreen, resolveTo, Screens, StaticRouter, type RouteLocation, type RouterState, type ScreenRoute } from '../../lib/router';
import { borrowerEn } from '../../locales/areas/borrower.en';
import { borrowerEs } from '../../locales/areas/borrower.es';
import { AreaError } from '../AreaError';
import { AreaFallback, AreaShell } from '../AreaShell';
import { screenModules } from '../screen-modules';
import { borrowerRoutes } from './routes';

/**
 * Build-time entry (vite --ssr) for scripts/borrower-shells.mjs: each borrower screen rendered in
 * its loading state (the frame its page paints before any script runs), and the inline script
 * that starts the screen's first call.
 */
export { Prerender } from '@lend/contracts';
export { SHELL_MARKER } from '../shell-marker';
export const shellRoutes: readonly ScreenRoute[] = borrowerRoutes;

const catalogues = { en: borrowerEn, es: borrowerEs } as const;
const catalogueSource = staticCatalogues(catalogues);

/** `html` and `titleHtml` are markup, escaped by React's renderer. */
export type RenderedShell = { html: string; titleHtml: string };

/** The tab's title as `pageTitle` writes it: the screen's heading, then the product name. */
function shellTitle(html: string, language: Language): string {
  const heading = /<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]*>/g, '') ?? '';
  const brand = renderToString(<>{createTranslator(catalogues[language])('brand.name')}</>);
  return heading ? `${heading} · ${brand}` : brand;
}

/**
 * The frame's links lead nowhere: written without the visitor's session, they would lose it if
 * followed before the screen takes over, which gives them their addresses.
 */
function withoutLinkTargets(html: string): string {
  return html.replace(/(<a\b[^>]*?)\s+href="[^"]*"/g, '$1');
}

/** The screen as the area first renders it: the same tree, before any call has answered. */
export async function renderShell(route: ScreenRoute, language: Language): Promise<RenderedShell> {
  await loadScreen(screenModules, route);
  const location: RouteLocation = { pathname: route.path, search: `?language=${flagFromLanguage(language)}` };
  const state: RouterState = {
    location,
    navigate: () => undefined,
    href: (to) => {
      const target = resolveTo(to, location);
      return `${target.pathname}${target.search}`;
    },
  };
  const html = renderToString(
    <StrictMode>
      <StaticRouter state={state}>
        <AreaShell catalogues={catalogueSource}>
          <Screens routes={borrowerRoutes} modules={screenModules} location={location} NotFound={NotFoundScreen} Failed={AreaError} Fallback={AreaFallback} />
        </AreaShell>
      </StaticRouter>
    </StrictMode>,
  );
  // React marks a boundary it left to the browser (the screen threw while rendering here).
  if (html.includes('<!--$!-->')) throw new Error(`${route.screen} renders only in a browser`);
  return { html: withoutLinkTargets(html), titleHtml: shellTitle(html, language) };
}

/** The first call of the screens whose data decides what the page shows, by screen module. */
const FIRST_CALLS: Readonly<Record<string, PrefetchableCall>> = {
  'loan-details/LoanDetailsScreen': loanDetailsCall,
  'repayment/RepaymentScreen': installmentDetailCall,
  'complaints/ComplaintHomeScreen': complaintInitCall,
  'privacy/PrivacyCentreScreen': privacyOverviewCall,
};

/** The inline script that starts the screen's first call, or null for screens without one. */
export function prefetchScriptFor(route: ScreenRoute): string | null {
  const call = FIRST_CALLS[route.screen];
  return call ? prefetchScript(formCallPlan(call)) : null;
}
