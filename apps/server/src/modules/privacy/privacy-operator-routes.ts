import { envelopeSchema, ErrorCode, operatorArcoAnswerBodySchema, operatorArcoListQuerySchema, operatorArcoListSchema, operatorArcoParamsSchema, operatorArcoRequestSchema, PrivacyOperatorPath } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { answerArcoRequest, arcoRequestsForOperators } from './arco-service';
import { actorOf } from '../staff';

const ok = <T>(data: T) => ({ code: ErrorCode.Ok, message: '', data });
const tags = ['operator'];

/** The lender's side of ARCO requests: list them by answer date, answer one by its folio. */
export function privacyOperatorRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      PrivacyOperatorPath.requests,
      {
        schema: {
          tags,
          summary: 'ARCO requests, nearest answer date first (the overdue first), a page at a time (status, folio, limit, cursor)',
          querystring: operatorArcoListQuerySchema,
          response: { 200: envelopeSchema(operatorArcoListSchema) },
        },
      },
      async (request) => ok(await arcoRequestsForOperators(db, request.query)),
    );

    app.post(
      PrivacyOperatorPath.answer,
      { schema: { tags, summary: 'Answer an ARCO request', params: operatorArcoParamsSchema, body: operatorArcoAnswerBodySchema, response: { 200: envelopeSchema(operatorArcoRequestSchema) } } },
      async (request) => {
        const answered = await answerArcoRequest(db, request.params.folio, request.body.text, actorOf(request), new Date());
        request.log.info({ folio: answered.folio }, 'operator answered an ARCO request');
        return ok(answered);
      },
    );
  };
}
