import {
  envelopeSchema,
  ErrorCode,
  issuedReferencePageSchema,
  issuedReferenceQuerySchema,
  OperatorPath,
  OperatorRoutes,
  paymentReferenceLookupQuerySchema,
} from '@lend/contracts';
import { operatorIssuedReferencePage } from './issued-references';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { paymentReferenceInfo } from './payment-reference-lookup-service';

/** The operator's look-up of a cash reference (used by `payment simulate` to report a payment against it), and the references issued. */
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

    app.get(
      OperatorPath.paymentReferences,
      {
        schema: {
          tags: ['operator'],
          summary: 'Cash references issued, newest first, with their state (open, paid, expired, replaced); ?orderNo= and ?state= filter',
          querystring: issuedReferenceQuerySchema,
          response: { 200: envelopeSchema(issuedReferencePageSchema) },
        },
      },
      async (request) => ({ code: ErrorCode.Ok, message: '', data: await operatorIssuedReferencePage(db, request.query, request.query) }),
    );
  };
}
