import { cardReconcileResultSchema, envelopeSchema, ErrorCode, OperatorPath, OperatorRoutes } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { CardDeps } from './card-deps';
import { actorOf } from '../staff';
import { reconcileCardRepaymentsAskedBy } from './reconciler';

const ok = <T>(data: T) => ({ code: ErrorCode.Ok, message: '', data });

/** The reconciler, run now by the lender; `clockOverride` (demo mode only) lets it run at another instant. */
export function cardReconcileRoutes(deps: CardDeps, options: { clockOverride: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.cardReconcile,
      {
        schema: {
          tags: ['operator'],
          summary: 'Settles card repayments still charging after two minutes with the provider; prints what it did. `at` (demo mode only) runs it as of another instant',
          // Optional, so a bare POST (no body at all) runs it as of now.
          body: OperatorRoutes.cardReconcile.body,
          response: { 200: envelopeSchema(cardReconcileResultSchema) },
        },
      },
      async (request) => {
        const at = request.body?.at;
        if (at !== undefined && !options.clockOverride) throw new AppError(ErrorCode.InvalidRequest, 'at');
        return ok(await reconcileCardRepaymentsAskedBy(deps, actorOf(request), at === undefined ? deps.now() : new Date(at)));
      },
    );
  };
}
