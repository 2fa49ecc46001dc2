import { cardTokenizeRequestSchema, cardTokenizeResponseSchema, type CardTokenizeRequest } from '@lend/contracts';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawBody, useRawBodies } from '../../../plugins/signed-webhook';
import { CHECKOUT_CSS, CHECKOUT_LANGUAGES, checkoutLanguage, checkoutMessagePage, checkoutPage } from './checkout-page';
import { SandboxCardProvider, TokenizeRefusal, type TokenizeRefusalCode } from './sandbox-card-provider';
import { SandboxRedirectProvider } from './sandbox-redirect-provider';

/** Cards one address may tokenise per minute: a person adds one or two, a card-testing script many. */
export const TOKENIZE_PER_MINUTE = 20;
/** Checkout pages and presses per address per minute. */
export const CHECKOUT_PER_MINUTE = 60;

const providerErrorSchema = z.object({ error: z.string(), message: z.string() });

const REFUSAL_STATUS: Record<TokenizeRefusalCode, number> = {
  invalid_request: 400,
  invalid_publishable_key: 401,
  invalid_number: 422,
  expired_card: 422,
};

function providerError(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).send({ error, message });
}

/**
 * `POST /sandbox/card-provider/tokens`: what a provider's tokenisation address does. The body is
 * kept as the raw string and parsed here, so no parser error can quote the card number into a
 * log; answers are the provider's own `{ error, message }` in English.
 */
function tokenRoutes(cards: SandboxCardProvider): FastifyPluginAsyncZod {
  return async (app) => {
    useRawBodies(app, (error, request, reply) => {
      if (error.statusCode === 429) return providerError(reply, 429, 'too_many_requests', 'Too many cards from this address; try again in a minute.');
      if (error.statusCode === 413) return providerError(reply, 413, 'invalid_request', 'The request is too large.');
      if (error.statusCode && error.statusCode < 500) return providerError(reply, 400, 'invalid_request', 'The request is malformed.');
      request.log.error({ err: error }, 'sandbox card tokenisation failed');
      return providerError(reply, 500, 'internal_error', 'The provider failed; try again.');
    });

    app.post(
      '/tokens',
      {
        config: { rateLimit: { max: TOKENIZE_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['sandbox'],
          summary: 'The sandbox card provider tokenises a card the browser sends (never our API)',
          body: cardTokenizeRequestSchema,
          response: { 200: cardTokenizeResponseSchema, 400: providerErrorSchema, 401: providerErrorSchema, 422: providerErrorSchema },
        },
      },
      async (request, reply) => {
        let input: unknown;
        try {
          input = JSON.parse(rawBody(request));
        } catch {
          return providerError(reply, 400, 'invalid_request', 'The body must be JSON.');
        }
        try {
          // The provider validates whatever arrives, with the contracts' schema.
          return await cards.tokenize(input as CardTokenizeRequest);
        } catch (error) {
          if (!(error instanceof TokenizeRefusal)) throw error;
          return providerError(reply, REFUSAL_STATUS[error.code], error.code, error.message);
        }
      },
    );
  };
}

const checkoutParams = z.object({ checkoutId: z.string().min(1).max(100) });
/** Any other value reads as the default, as a provider's page would. */
const checkoutQuery = z.object({ lang: z.enum(CHECKOUT_LANGUAGES).catch('es') });

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

/** The checkout pages: GET shows one, POST …/pay and …/cancel press it and send the borrower back. */
function checkoutRoutes(checkout: SandboxRedirectProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const lang = checkoutLanguage(new URLSearchParams(request.url.split('?')[1] ?? '').get('lang'));
      if (error.statusCode === 429) return sendPage(reply, 429, checkoutMessagePage(lang, 'tooMany'));
      // A malformed id is one the provider never issued.
      if (error.statusCode && error.statusCode < 500) return sendPage(reply, 404, checkoutMessagePage(lang, 'notFound'));
      request.log.error({ err: error }, 'sandbox checkout failed');
      return sendPage(reply, 500, checkoutMessagePage(lang, 'failed'));
    });
    const limit = { rateLimit: { max: CHECKOUT_PER_MINUTE, timeWindow: 60_000 } };

    app.get('/checkout.css', { schema: { hide: true } }, async (_request, reply) => reply.type('text/css; charset=utf-8').send(CHECKOUT_CSS));

    app.get(
      '/checkout/:checkoutId',
      { config: limit, schema: { hide: true, params: checkoutParams, querystring: checkoutQuery } },
      async (request, reply) => {
        const session = await checkout.checkout(request.params.checkoutId);
        return session ? sendPage(reply, 200, checkoutPage(session, request.query.lang)) : sendPage(reply, 404, checkoutMessagePage(request.query.lang, 'notFound'));
      },
    );

    for (const action of ['pay', 'cancel'] as const) {
      app.post(
        `/checkout/:checkoutId/${action}`,
        { config: limit, schema: { hide: true, params: checkoutParams, querystring: checkoutQuery } },
        async (request, reply) => {
          const pressed = await checkout.press(request.params.checkoutId, action);
          if (!pressed) return sendPage(reply, 404, checkoutMessagePage(request.query.lang, 'notFound'));
          // 303: the browser follows with a GET, so a reload of the return page never posts again.
          return reply.code(303).header('location', pressed.checkout.returnUrl).send();
        },
      );
    }
  };
}

/**
 * The sandbox provider's addresses (docs/decisions/081). A real provider serves these from its own
 * domain; the sandbox has none, so our server serves them, and only when it is the configured provider.
 */
export function sandboxCardProviderRoutes(providers: { cards: SandboxCardProvider; checkout: SandboxRedirectProvider }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(tokenRoutes(providers.cards));
    await app.register(checkoutRoutes(providers.checkout));
  };
}
