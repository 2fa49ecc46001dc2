import { flagFromLanguage, MARKET_LANGUAGE, type Language, type PhoneMarket, type RenderedScreen, type RenderedShell, type ScreenRequest } from '@lend/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { complaintInitCall } from '../../features/complaints/api/get-complaint-init';
import { complaintDetailCall } from '../../features/complaints/api/get-complaint-detail';
import { complaintListCall } from '../../features/complaints/api/get-complaint-list';
import { complaintTypesCall } from '../../features/complaints/api/get-complaint-types';
import { serviceContactsCall } from '../../features/customer-service/api/get-service-contacts';
import { delayDetailCall } from '../../features/delay/api/get-delay-detail';
import { contractCalls } from '../../features/loan-agreement/api/get-contract-detail';
import { loanConfirmCall } from '../../features/loan-confirm/api/get-loan-confirm';
import { loanDetailsCall } from '../../features/loan-details/api/get-loan-details';
import { paymentsCall } from '../../features/payments/api/get-payments';
import { privacyOverviewCall } from '../../features/privacy/api/get-privacy-overview';
import { installmentDetailCall } from '../../features/repayment/api/get-installment-detail';
import { repayInstructionCall } from '../../features/repayment/api/get-repay-instruction';
import { channelFeesCall } from '../../features/repayment/api/get-channel-fees';
import { homeIndexCall } from '../../features/web-account/api/web-account';
import { certificationInfoCall } from '../../features/onboarding/api/certification-info';
import { promisesCall } from '../../features/promise/api/promise';
import { standingCall } from '../../features/apply/api/apply';
import { formCallPlan } from '../../lib/http/form-client';
import { createTranslator, staticCatalogues } from '../../lib/i18n';
import { embeddedAnswerKey, firstRequestOf, planValues, provideEmbeddedAnswers, type PrefetchableCall, type PrefetchPlan } from '../../lib/prefetch';
import { loadScreen, matchScreenRoute, resolveTo, StaticRouter, type RouteLocation, type RouterState, type ScreenRoute } from '../../lib/router';
import { borrowerEn } from '../../locales/areas/borrower.en';
import { borrowerEs } from '../../locales/areas/borrower.es';
import { AreaTree } from '../area-tree';
import { screenModules } from '../screen-modules';
import { OfflinePage, offlineTexts } from './offline-page';
import { borrowerRoutes } from './routes';
import { webAppManifest, type WebAppManifest } from './web-app-manifest';

/**
 * Server entry (vite --ssr). At build time, for scripts/borrower-shells.mjs: each borrower screen
 * rendered in its loading state (the frame its page paints before any script runs), and the inline
 * script that starts the screen's first call. At run time, loaded by the server
 * (apps/server/src/web/borrower-shells.ts): the screens with a first call rendered with its answer.
 */
export { flagFromLanguage, OFFLINE_PAGES, Prerender, WEB_APP_MANIFEST_PATH } from '@lend/contracts';
export { APP_ICONS } from './web-app-manifest';
export { SCREEN_MARKER, SHELL_MARKER } from '../shell-marker';
export { EMBEDDED_ANSWERS_ID } from '../../lib/prefetch';
export const shellRoutes: readonly ScreenRoute[] = borrowerRoutes;

const catalogues = { en: borrowerEn, es: borrowerEs } as const;
const catalogueSource = staticCatalogues(catalogues);

/**
 * The tab's title as the screen writes it: the screen's heading (or the element it titles the
 * page with once its data is in, marked `data-page-title`), then the product name.
 */
function shellTitle(html: string, language: Language): string {
  const titled = /<(\w+)\b[^>]*\bdata-page-title\b[^>]*>(.*?)<\/\1>/s.exec(html)?.[2] ?? /<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1];
  const heading = titled?.replace(/<[^>]*>/g, '') ?? '';
  const brand = renderToString(<>{createTranslator(catalogues[language], language)('brand.name')}</>);
  return heading ? `${heading} · ${brand}` : brand;
}

/** The product's name in the language: the name a market's installed web app carries (docs/decisions/240). */
export function brandName(language: Language): string {
  return createTranslator(catalogues[language], language)('brand.name');
}

/** Each market's web app manifest, named in the market's language (docs/decisions/240). */
export function webAppManifests(): Record<PhoneMarket, WebAppManifest> {
  const of = (market: PhoneMarket) => webAppManifest(market, brandName(MARKET_LANGUAGE[market]));
  return { MX: of('MX'), IN: of('IN') };
}

/** The service worker's offline page in the language (docs/decisions/240): no data, no script. */
export function renderOffline(language: Language): RenderedShell {
  const html = renderToString(<OfflinePage language={language} />);
  return { html, titleHtml: renderToString(<>{`${offlineTexts(language).title} · ${brandName(language)}`}</>) };
}

/**
 * The frame's links lead nowhere: written without the visitor's session, they would lose it if
 * followed before the screen takes over, which gives them their addresses.
 */
function withoutLinkTargets(html: string): string {
  return html.replace(/(<a\b[^>]*?)\s+href="[^"]*"/g, '$1');
}

/**
 * The first call of the screens whose data decides what the page shows, by screen module; a
 * screen whose call depends on the address lists its calls, and the first the address fits is made.
 */
const FIRST_CALLS: Readonly<Record<string, PrefetchableCall | readonly PrefetchableCall[]>> = {
  'loan-details/LoanDetailsScreen': loanDetailsCall,
  'repayment/RepaymentScreen': installmentDetailCall,
  'complaints/ComplaintHomeScreen': complaintInitCall,
  'privacy/PrivacyCentreScreen': privacyOverviewCall,
  'delay/DelayScreen': delayDetailCall,
  'payments/PaymentsScreen': paymentsCall,
  'customer-service/CustomerServiceScreen': serviceContactsCall,
  'complaints/ComplaintListScreen': complaintListCall,
  'repayment/InstructionScreen': repayInstructionCall,
  'repayment/ChannelFeesScreen': channelFeesCall,
  'complaints/ComplaintDetailsScreen': complaintDetailCall,
  'complaints/ComplaintNextScreen': complaintTypesCall,
  'loan-confirm/LoanConfirmScreen': loanConfirmCall,
  'loan-agreement/AgreementScreen': contractCalls,
  'loan-agreement/PeriodAgreementScreen': contractCalls,
  'web-account/WebHomeScreen': homeIndexCall,
  'onboarding/OnboardingScreen': certificationInfoCall,
  'promise/PromiseScreen': promisesCall,
  'apply/ApplyScreen': standingCall,
};

/** The plans of a screen's first calls, in the order they are tried, or null for a screen without one. */
function plansOf(route: ScreenRoute): readonly PrefetchPlan[] | null {
  const calls = FIRST_CALLS[route.screen];
  if (!calls) return null;
  return (Array.isArray(calls) ? calls : [calls]).map((call: PrefetchableCall) => formCallPlan(call));
}

/** Screens the server renders with their first call's answer. */
export const rendersWithData = (route: ScreenRoute): boolean => Object.hasOwn(FIRST_CALLS, route.screen);

/** The area's tree at a fixed address, as the browser renders it there. */
function renderArea(pathname: string, search: string): string {
  const location: RouteLocation = { pathname, search };
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
        <AreaTree routes={borrowerRoutes} catalogues={catalogueSource} container={null} />
      </StaticRouter>
    </StrictMode>,
  );
  // React marks a boundary it left to the browser (the screen threw while rendering here).
  if (html.includes('<!--$!-->')) throw new Error(`${pathname} renders only in a browser`);
  return html;
}

/** The screen as the area first renders it: the same tree, before any call has answered. */
export async function renderShell(route: ScreenRoute, language: Language): Promise<RenderedShell> {
  await loadScreen(screenModules, route);
  const html = renderArea(route.path, `?language=${flagFromLanguage(language)}`);
  return { html: withoutLinkTargets(html), titleHtml: shellTitle(html, language) };
}

/** Every borrower screen's code, loaded once before the server renders any (the server's own use). */
const ready = Promise.all(borrowerRoutes.map((route) => loadScreen(screenModules, route).catch(() => undefined)));

/** Resolves once the screens can be rendered synchronously. */
export function whenReady(): Promise<unknown> {
  return ready;
}

/**
 * The first call a screen's page makes, for the address (`search` is its query string with `?`),
 * exactly as the browser's form client sends it; null when the screen has none or the address
 * lacks what it needs.
 */
export function firstCallRequest(route: ScreenRoute, search: string): ScreenRequest | null {
  const plans = plansOf(route);
  return plans ? (firstRequestOf(plans, search)?.request ?? null) : null;
}

/** The route of a borrower path (as the server has normalised it), if any. */
export function routeOf(pathname: string): ScreenRoute | undefined {
  return matchScreenRoute(borrowerRoutes, pathname);
}

/**
 * The screen at its full address with its first call's answer (`data` of a code-0 envelope), as
 * the browser renders it when it takes the page over; `answers` is the page's data block, from
 * which the browser reads the same answer. Throws when the screen cannot render outside a browser.
 */
export function renderScreen(route: ScreenRoute, search: string, language: Language, data: unknown): RenderedScreen {
  const first = firstRequestOf(plansOf(route) ?? [], search);
  const values = first ? planValues(first.plan, search) : null;
  if (!first || values === null) throw new Error(`${route.path} has no first call to render with`);
  const answers = { [embeddedAnswerKey(first.plan.path, values)]: data };
  provideEmbeddedAnswers(answers);
  try {
    const html = renderArea(route.path, search);
    return { html, titleHtml: shellTitle(html, language), answers: JSON.stringify(answers) };
  } finally {
    provideEmbeddedAnswers(null);
  }
}

/** The screen's first calls for its page's inline script (`lib/prefetch.inline.ts`), or null for screens without one. */
export function prefetchPlansFor(route: ScreenRoute): readonly PrefetchPlan[] | null {
  return plansOf(route);
}
