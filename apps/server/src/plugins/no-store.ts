import { isApiPath } from '@lend/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether the request is an API call, judged on what the router served rather than on the raw
 * address: `/%6dachine/…` reaches the `/machine/…` routes, so the matched route's path decides,
 * and for an address no route matched, its decoded path. An address that does not decode is
 * treated as an API call: a refusal gains nothing from being stored.
 */
function isApiRequest(request: FastifyRequest, matchedRoutes: Map<string, boolean>): boolean {
  const matched = request.routeOptions.url;
  if (matched !== undefined) {
    let api = matchedRoutes.get(matched);
    if (api === undefined) matchedRoutes.set(matched, (api = isApiPath(matched)));
    if (api) return true;
  }
  const raw = request.url.split('?')[0] ?? '';
  try {
    return isApiPath(decodeURIComponent(raw));
  } catch {
    return true;
  }
}

/**
 * Every API answer, refusals and borrowers' images included, is `no-store` (docs/decisions/067):
 * they carry personal data or a session's view of it, and a shared device or proxy must not keep
 * them. Set in `onSend`, after the handler and the error handler, so no route can forget it.
 */
export const noStore = fp(async (app: FastifyInstance) => {
  /** Each route pattern judged once: the app's routes are a fixed, small set. */
  const matchedRoutes = new Map<string, boolean>();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request, matchedRoutes)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
});
