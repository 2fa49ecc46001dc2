import { isApiPath } from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every API answer, refusals and borrowers' images included, is `no-store` (docs/decisions/067):
 * they carry personal data or a session's view of it, and a shared device or proxy must not keep
 * them. Set in `onSend`, after the handler and the error handler, so no route can forget it.
 */
export const noStore = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  });
});
