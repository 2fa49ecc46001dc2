import { envelopeSchema, ErrorCode, orderNoParamsSchema, orderSignaturesSchema, OrderEvidencePath } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/client';
import { orderSignatures } from './contract-operator';

/** The credit desk's read of an order's signature evidence. */
export function contractOperatorRoutes(db: Queryable): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OrderEvidencePath.signatures,
      {
        schema: {
          tags: ['operator'],
          summary: 'The contract’s and Key Facts Statement’s signature evidence: signed time, IP, user agent, each text’s SHA-256 and whether it still matches',
          params: orderNoParamsSchema,
          response: { 200: envelopeSchema(orderSignaturesSchema) },
        },
      },
      async (request) => ({ code: ErrorCode.Ok, message: '', data: await orderSignatures(db, request.params.orderNo) }),
    );
  };
}
