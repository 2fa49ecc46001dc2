import { bankCardSchema, envelopeSchema, OperatorPath, testCardRequestSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff';
import { bankCardView } from './card-presenter';
import { saveTestCard, type SavedCardDeps } from './card-service';
import { ok } from '../../plugins/envelope';

/** Sandbox only, never in production: test cards saved for a borrower by the lender. */
export function testCardRoutes(deps: SavedCardDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.testCards,
      {
        schema: {
          tags: ['operator'],
          summary: "Sandbox only: tokenises a published test card (approve, code, decline, insufficient, timeout) and saves it for the borrower",
          body: testCardRequestSchema,
          response: { 200: envelopeSchema(bankCardSchema) },
        },
      },
      async (request) => ok(bankCardView(await saveTestCard(deps, request.body, actorOf(request)))),
    );
  };
}
