import { languageFromFlag, type Language } from '@lend/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

function firstValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/** The borrower's language: the `language` flag of the common query, else the JSON client's header. */
export function languageOf(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  return languageFromFlag(firstValue(query?.language) ?? firstValue(request.headers.language));
}

/** Whether the call names its language at all (the flag, or the JSON client's header). */
export function namesLanguage(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return firstValue(query?.language) !== undefined || firstValue(request.headers.language) !== undefined;
}

export const requestLanguage = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'es');
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = languageOf(request);
    done();
  });
});
