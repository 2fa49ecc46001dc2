import { envelopeSchema, ErrorCode, OperatorPath, OperatorRoutes, paymentReferenceLookupQuerySchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { paymentReferenceInfo } from './payment-reference-lookup-service';

/** The operator's look-up of a cash reference, used by `payment simulate` to report a payment against it. */
export function operatorPaymentReferenceRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.paymentReference,
      {
        schema: {
          tags: ['operator'],
          summary: 'What a cash reference was issued for (order, market, amount, expiry, purpose), at every channel holding it or at ?channel=',
          params: OperatorRoutes.paymentReference.params,
          querystring: paymentReferenceLookupQuerySchema,
          response: { 200: envelopeSchema(OperatorRoutes.paymentReference.data) },
        },
      },
      async (request) => ({
        code: ErrorCode.Ok,
        message: '',
        data: await paymentReferenceInfo(db, request.params.reference, request.query.channel),
      }),
    );
  };
}
