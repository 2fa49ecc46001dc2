import { envelopeSchema, ErrorCode, OperatorPath, orderSweepRequestSchema, orderSweepResultSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { actorOf } from '../staff';
import { sweepOrdersAskedBy, type HeldOrders } from './order-clock';
import { ok } from '../../plugins/envelope';


/**
 * The clock job on demand. `clockOverride` (demo mode only) lets a demo or test server run the
 * clock at another instant; any other server refuses it.
 */
export function orderClockRoutes(db: Db, options: { clockOverride: boolean; held: HeldOrders }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.orderSweep,
      {
        schema: {
          tags: ['operator'],
          summary: 'Run the clock job now: due (174), overdue (180), late charges',
          body: orderSweepRequestSchema,
          response: { 200: envelopeSchema(orderSweepResultSchema) },
        },
      },
      async (request) => {
        if (request.body.at !== undefined && !options.clockOverride) throw new AppError(ErrorCode.InvalidRequest, 'at');
        return ok(await sweepOrdersAskedBy(db, actorOf(request), request.body.at ? new Date(request.body.at) : new Date(), options.held));
      },
    );
  };
}
