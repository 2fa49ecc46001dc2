import {
  envelopeSchema,
  operatorArcoAnswerBodySchema,
  operatorArcoListQuerySchema,
  operatorArcoListSchema,
  operatorArcoParamsSchema,
  operatorArcoRequestSchema,
  PrivacyOperatorPath,
  rectifiableProfileSchema,
  rectificationBodySchema,
  rectificationResultSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { rectifiableProfileOf, rectifyFromRequest } from './arco-rectification';
import { answerArcoRequest, arcoRequestsForOperators } from './arco-service';
import { actorOf } from '../staff';
import { ok } from '../../plugins/envelope';

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

    app.get(
      PrivacyOperatorPath.rectification,
      {
        schema: {
          tags,
          summary: 'The identity and address a rectification request may correct (the national id by its last four only)',
          params: operatorArcoParamsSchema,
          response: { 200: envelopeSchema(rectifiableProfileSchema) },
        },
      },
      async (request) => ok(await rectifiableProfileOf(db, request.params.folio.toUpperCase())),
    );

    app.post(
      PrivacyOperatorPath.rectification,
      {
        schema: {
          tags,
          summary: 'Correct the borrower’s identity and/or address, checked as their own profile calls are, and answer the rectification request, in one step',
          params: operatorArcoParamsSchema,
          body: rectificationBodySchema,
          response: { 200: envelopeSchema(rectificationResultSchema) },
        },
      },
      async (request) => {
        const result = await rectifyFromRequest(db, request.params.folio.toUpperCase(), request.body, actorOf(request), new Date());
        request.log.info({ folio: result.request.folio }, 'operator rectified a borrower’s profile from an ARCO request');
        return ok(result);
      },
    );
  };
}
