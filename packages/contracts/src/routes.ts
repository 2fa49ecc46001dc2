/**
 * Every page address of the product. The web app routes by these, the server answers
 * 200 for them (404 for anything else) when it falls back to the single page.
 */
export const AppRoute = {
  complaintHome: '/complaint',
  complaintList: '/complaintList',
  complaintNext: '/complainPageNext',
  complaintDetails: '/complainDetails',
  testPreview: '/testPreview',
  loanConfirm: '/loanConfirm',
  loanDetails: '/loanDetails',
  orderDetails: '/orderDetails',
  loginFailure: '/loginFailure',
  repayment: '/repayment',
  delay: '/delayRepayment',
  repaymentInstruction: '/carpmm',
  /** The fee table of the places to pay, opened from `/carpmm`. */
  channelFees: '/carpmmFees',
  payments: '/payments',
  customerService: '/Dag',
  aboutUs: '/aboutUs',
  agreement: '/agreement',
  periodAgreement: '/agony',
  /** India's Key Facts Statement of an order (`orderId`) or of an offer (`productId`): docs/decisions/143. */
  keyFacts: '/keyFacts',
  privacyNotice: '/privacyNotice',
  privacyPolicy: '/PrivacyPolicy',
  /** The borrower's privacy centre: their data, consents, rights requests and account deletion. */
  privacyCentre: '/privacyCentre',
  /** Sign-in in a phone's browser: the phone, its SMS code, then a session in a cookie (docs/decisions/239). */
  signIn: '/signIn',
  /** The borrower's home in a phone's browser, where a web sign-in lands: what they may borrow, their loans, the menu (docs/decisions/239). */
  webHome: '/home',
  /** The borrower's profile in a phone's browser, one step per screen (`?step=`), resumed where it was left (docs/decisions/241). */
  onboarding: '/onboarding',
  /** Applying for a product (`?productId=`) and its decision (docs/decisions/241). */
  apply: '/apply',
  /** "I can't pay it all now": the borrower's promise to pay on a late loan (`?orderId=`): docs/decisions/243. */
  promise: '/promiseToPay',
} as const;

/** Where a web sign-in goes next (`?next=`): one of the product's own pages, never another site's address. */
export const SIGN_IN_NEXT_PARAM = 'next';

/** The address to go to after signing in: `next` when it is a path of this site, else the borrower's home. */
export function signInNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return AppRoute.webHome;
  return next;
}
export type AppRoutePath = (typeof AppRoute)[keyof typeof AppRoute];

/** Public company site pages: `/`, `/About`, `/User`, `/Contact`, `/Policy`, `/Loan` (docs/decisions/040). */
export const SiteRoute = {
  home: '/',
  about: '/About',
  user: '/User',
  contact: '/Contact',
  policy: '/Policy',
  loan: '/Loan',
} as const;
export type SiteRoutePath = (typeof SiteRoute)[keyof typeof SiteRoute];

/**
 * Site pages whose text depends on the market (docs/decisions/147): `?market=MX` picks it, in either
 * language; without it the page shows the market of its language. The build prerenders one page
 * per market under `marketPageKey`, and the server answers the key the query asks for. The loan
 * terms, the home page's tax and data-protection texts (docs/decisions/232), and the privacy notice
 * at each of its addresses (docs/decisions/231).
 */
export const MARKET_SITE_PAGES: readonly string[] = [SiteRoute.loan, SiteRoute.home, SiteRoute.policy, AppRoute.privacyPolicy, AppRoute.privacyNotice];
export const SITE_MARKETS = ['MX', 'IN'] as const;
export type SiteMarket = (typeof SITE_MARKETS)[number];
export const SITE_MARKET_PARAM = 'market';

export function siteMarketFromQuery(value: string | null | undefined): SiteMarket | undefined {
  const upper = value?.toUpperCase();
  return SITE_MARKETS.find((market) => market === upper);
}

/**
 * The market a site page speaks for: the one its address names, else the market of its language
 * (Spanish for Mexico, English for India: docs/decisions/147); the lender's facts shown are that
 * market's (docs/decisions/230).
 */
export function siteMarketOf(marketParam: string | null | undefined, language: 'en' | 'es'): SiteMarket {
  return siteMarketFromQuery(marketParam) ?? (language === 'en' ? 'IN' : 'MX');
}

/** The prerendered page of a market-dependent site page for one market: `/Loan?market=MX`. */
export function marketPageKey(pathname: string, market: SiteMarket): string {
  return `${pathname}?${SITE_MARKET_PARAM}=${market}`;
}

/** A site page's link showing one market's text: `/Loan?market=MX`, plus the language flag when given. */
export function siteMarketLink(pathname: string, market: SiteMarket, languageFlag?: string): string {
  return `${marketPageKey(pathname, market)}${languageFlag === undefined ? '' : `&language=${languageFlag}`}`;
}

/** Hash routes, reached as site root plus `#/route?query` (card repayment and promotion). */
export const HashRoute = {
  borrowDetail: '/borrowDetail/',
  addNormalCard: '/addnormalcard',
  alipayRepayment: '/alipayrepayment',
  downloadTemplate: '/downloadTemplate',
  agreementTemplate: '/agreementTemplate',
  /** Where a promotion visitor goes after registering (or when already registered). */
  promotionDownload: '/download',
} as const;
export type HashRoutePath = (typeof HashRoute)[keyof typeof HashRoute];

export const APP_ROUTE_PATHS: readonly string[] = Object.values(AppRoute);
export const SITE_ROUTE_PATHS: readonly string[] = Object.values(SiteRoute);

/**
 * The lender's staff's back office: one page of its own, its screens in the address's hash
 * (`/backoffice#/complaints`), built apart from the borrower's pages (docs/decisions/166).
 */
export const BACKOFFICE_PATH = '/backoffice';
/** The back office's page in the web build's output. */
export const BACKOFFICE_HTML = 'backoffice.html';
/** Where a metrics scraper reads the server's Prometheus metrics (docs/decisions/170); never a page. */
export const METRICS_PATH = '/metrics';

/** Path prefixes that never fall back to the single page. */
export const API_PREFIXES = ['/machine', '/api', '/operator', '/docs', '/webhooks', '/sandbox', METRICS_PATH] as const;

/** Whether an address (query allowed) is under one of the API prefixes. */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function isKnownPagePath(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return APP_ROUTE_PATHS.includes(path) || SITE_ROUTE_PATHS.includes(path);
}
