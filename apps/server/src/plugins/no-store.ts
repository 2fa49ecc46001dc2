import { isApiPath } from '@lend/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether the request is an API call, judged on what the router served rather than on the raw
 * address: `/%6dachine/…` reaches the `/machine/…` routes, so the matched route's path decides,
 * and for an address no route matched, its decoded path. An address that does not decode is
 * treated as an API call: a refusal gains nothing from being stored.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const matched = request.routeOptions.url;
  if (matched !== undefined && isApiPath(matched)) return true;
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
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) reply.header('Cache-Control', 'no-store');
  });
});
