import { companyFactsInputSchema, companyFactsSchema, envelopeSchema, lenderFactsListSchema, lenderMarketParamsSchema, OperatorPath, serviceContactsInputSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { changeCompanyFacts, changeServiceContacts, lenderFacts } from './lender-facts-config';

/** The back office's lender facts by market (docs/decisions/230): both markets' facts and contacts, and a change of either. */
export function lenderFactsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.lenderFacts,
      {
        schema: {
          tags: ['operator'],
          summary: "Each market's lender facts and customer-service contacts (null where not set)",
          response: { 200: envelopeSchema(lenderFactsListSchema) },
        },
      },
      async () => ok({ items: await lenderFacts(db) }),
    );

    app.put(
      OperatorPath.lenderCompanyFacts,
      {
        schema: {
          tags: ['operator'],
          summary: "Set a market's lender facts: the entity, its registrations, site, phone and complaints officer; audited with the values before and after",
          params: lenderMarketParamsSchema,
          body: companyFactsInputSchema,
          response: { 200: envelopeSchema(companyFactsSchema) },
        },
      },
      async (request) => ok(await changeCompanyFacts(db, request.params.market, request.body, actorOf(request))),
    );

    app.put(
      OperatorPath.lenderServiceContacts,
      {
        schema: {
          tags: ['operator'],
          summary: "Set a market's customer-service WhatsApp, telephone and e-mail; audited with the values before and after",
          params: lenderMarketParamsSchema,
          body: serviceContactsInputSchema,
          response: { 200: envelopeSchema(serviceContactsInputSchema) },
        },
      },
      async (request) => ok(await changeServiceContacts(db, request.params.market, request.body, actorOf(request))),
    );
  };
}
