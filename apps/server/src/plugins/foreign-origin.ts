import { CARD_REPAYMENT_BASE, ErrorCode, MACHINE_BASE, SITE_API_BASE, SitePath } from '@lend/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The `host[:port]` an origin names, lower case; undefined for `null` or anything not an origin. */
function hostOf(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? undefined : url.host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The borrower's own calls: the app's, and card repayment's (which charge a card); never a provider's webhook. */
const BORROWER_BASES = [`${MACHINE_BASE}/`, `${CARD_REPAYMENT_BASE}/`];
/**
 * The contact form a browser posts without script (docs/decisions/151): a form-encoded post needs
 * no preflight, so any page could otherwise send messages through its visitors' browsers.
 */
const SITE_FORM_ROUTES = [`${SITE_API_BASE}${SitePath.contactForm}`];

function isGuardedRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (BORROWER_BASES.some((base) => route.startsWith(base)) || SITE_FORM_ROUTES.includes(route));
}

/**
 * A state-changing borrower call (sign-in included), or the site's contact form posted without
 * script, whose `Origin` names another site is refused
 * with 403 before anything runs (docs/decisions/110): a page elsewhere must not act with a
 * borrower's session, nor send codes through a visitor's browser. A call without `Origin` passes
 * (the native app's web view and server-to-server callers may send none), as do the server's
 * own site (the Origin's host is the request's `Host`, or the proxy's forwarded host when
 * trusted) and the configured `ALLOWED_ORIGINS`. `Origin: null` (a sandboxed frame, a file) is
 * foreign unless configured, or unless the browser marks the call `Sec-Fetch-Site: same-origin`
 * (a form posted from the site's own page: docs/decisions/151).
 */
export const refuseForeignOrigins = fp<{ allowedOrigins: readonly string[] }>(async (app: FastifyInstance, options) => {
  const allowed = new Set(options.allowedOrigins);
  const isForeign = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (origin === undefined || !STATE_CHANGING.has(request.method) || !isGuardedRoute(request)) return false;
    if (allowed.has(origin)) return false;
    // Under the site's `Referrer-Policy: no-referrer` a browser posts a form from our own page with
    // `Origin: null`; its `Sec-Fetch-Site` (which no page can set) still says where it came from.
    if (origin === 'null' && request.headers['sec-fetch-site'] === 'same-origin') return false;
    const host = hostOf(origin);
    return host === undefined || host !== request.host.toLowerCase();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    done(isForeign(request) ? new AppError(ErrorCode.ForeignOrigin) : undefined);
  });
});
