import {
  borrowerPageSchema,
  borrowerParamsSchema,
  borrowerSearchQuerySchema,
  borrowerSearchSchema,
  borrowerSessionEndBodySchema,
  borrowerSessionEndedSchema,
  envelopeSchema,
  OperatorPath,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../staff';
import { borrowerPage, endBorrowerSession, searchBorrowers } from './borrower-service';
import { ok } from '../../plugins/envelope';

const tags = ['operator'];

/** The back office's borrower search and a borrower's page (docs/decisions/173). */
export function operatorBorrowerRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.borrowers,
      {
        schema: {
          tags,
          summary: 'Borrowers by phone (whole or last digits), name start, complaint or privacy folio, or order number; ids masked',
          querystring: borrowerSearchQuerySchema,
          response: { 200: envelopeSchema(borrowerSearchSchema) },
        },
      },
      async (request) => ok(await searchBorrowers(db, request.query.q)),
    );

    app.get(
      OperatorPath.borrower,
      { schema: { tags, summary: "A borrower's orders, complaints, privacy requests, live sessions and consents", params: borrowerParamsSchema, response: { 200: envelopeSchema(borrowerPageSchema) } } },
      async (request) => ok(await borrowerPage(db, request.params.userId, new Date())),
    );

    app.post(
      OperatorPath.borrowerSessionEnd,
      { schema: { tags, summary: "End one of a borrower's live sessions", params: borrowerParamsSchema, body: borrowerSessionEndBodySchema, response: { 200: envelopeSchema(borrowerSessionEndedSchema) } } },
      async (request) => {
        const ended = await endBorrowerSession(db, request.params.userId, request.body.sessionId, actorOf(request), new Date());
        request.log.info({ userId: request.params.userId }, 'staff ended a borrower session');
        return ok(ended);
      },
    );
  };
}
