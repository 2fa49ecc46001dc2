import { collectionMessageRequestSchema, collectionMessageTemplatesSchema, collectionOrderParamsSchema, collectionOrderSchema, CollectionsWorkPath, envelopeSchema, promiseRatesQuerySchema, promiseRatesSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { collectionMessageTemplates, promiseRates, sendCollectionMessage, type CollectionMessageDeps } from './collection-messages';

const tags = ['operator'];

/** SMS from the collections workspace and each agent's promise-kept rate (docs/decisions/246). */
export function collectionMessageRoutes(deps: CollectionMessageDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      CollectionsWorkPath.messages,
      { schema: { tags, summary: "The market's collection SMS templates as this order's borrower would get them, naming the lender, the order and what is owed", params: collectionOrderParamsSchema, response: { 200: envelopeSchema(collectionMessageTemplatesSchema) } } },
      async (request) => ok(await collectionMessageTemplates(deps.db, request.params.orderNo)),
    );

    app.post(
      CollectionsWorkPath.messages,
      {
        schema: {
          tags,
          summary: "Send one of the market's collection SMS to the borrower's phone: a contact under the market's hours and caps, checked before sending; a message the provider refuses is not recorded (9320)",
          params: collectionOrderParamsSchema,
          body: collectionMessageRequestSchema,
          response: { 200: envelopeSchema(collectionOrderSchema) },
        },
      },
      async (request) => ok(await sendCollectionMessage(deps, request.params.orderNo, request.body.kind, actorOf(request))),
    );

    app.get(
      CollectionsWorkPath.promiseRates,
      { schema: { tags, summary: "Promises taken in the market's last 30 days by state and the kept rate by amount: the caller's own, or every agent's for a supervisor", querystring: promiseRatesQuerySchema, response: { 200: envelopeSchema(promiseRatesSchema) } } },
      async (request) => ok(await promiseRates(deps.db, request.query.market, actorOf(request), deps.now())),
    );
  };
}
