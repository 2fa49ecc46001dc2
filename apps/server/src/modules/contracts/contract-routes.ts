import { commonQuerySchema, contractDetailRequestSchema, contractDetailSchema, envelopeSchema, ErrorCode, MachinePath } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { presentContract } from './contract-presenter';
import { draftContract, signedContract } from './contract-service';

const ok = <T>(data: T) => ({ code: ErrorCode.Ok, message: '', data });

/** The borrower's contract screen: an order's signed contract, or the draft for their current offer. */
export function contractRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      MachinePath.contractDetail,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "An order's signed contract (orderNo), or the draft for the current offer (productId)",
          querystring: commonQuerySchema.extend(contractDetailRequestSchema.shape),
          response: { 200: envelopeSchema(contractDetailSchema) },
        },
      },
      async (request) => {
        const { orderNo, productId } = request.query;
        const borrowerId = borrowerOf(request).borrowerId;
        if (orderNo !== undefined && productId === undefined) return ok(presentContract(await signedContract(db, borrowerId, orderNo), request.language));
        if (productId !== undefined && orderNo === undefined) {
          return ok(presentContract(await draftContract(db, borrowerId, productId), request.language));
        }
        throw new AppError(ErrorCode.InvalidRequest, 'orderNo');
      },
    );
  };
}
