import { commonQuerySchema, envelopeSchema, ErrorCode, MachinePath, refundRequestAnswerSchema, refundRequestBodySchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit } from '../../plugins/borrower-rate-limit';
import { refundRequestView } from './refund-presenter';
import { requestRefund } from './refund-service';

/** The borrower's request for their credit back. */
export function refundRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MachinePath.refundRequest,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['loans'],
          summary: "Ask for the order's credit (paid beyond what was owed) back; asking again answers the same request",
          querystring: commonQuerySchema,
          body: refundRequestBodySchema,
          response: { 200: envelopeSchema(refundRequestAnswerSchema) },
        },
      },
      async (request) => {
        const answer = await requestRefund(db, borrowerOf(request).borrowerId, request.body.orderId);
        return { code: ErrorCode.Ok, message: '', data: refundRequestView(request.language, answer) };
      },
    );
  };
}
