import {
  cardReconcileOneResultSchema,
  cardReconcileResultSchema,
  cardRecordParamsSchema,
  envelopeSchema,
  ErrorCode,
  OperatorPath,
  OperatorRoutes,
  pageQuerySchema,
  pendingCardChargePageSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { CardDeps } from './card-deps';
import { actorOf } from '../staff';
import { reconcileCardRepaymentByOperator, reconcileCardRepaymentsAskedBy } from './reconciler';
import { pendingCardChargePage } from './pending-charges';
import { ok } from '../../plugins/envelope';

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

    app.get(
      OperatorPath.cardRepaymentsPending,
      {
        schema: {
          tags: ['operator'],
          summary: 'Card and checkout payments still waiting on the provider, oldest first, a page at a time',
          querystring: pageQuerySchema,
          response: { 200: envelopeSchema(pendingCardChargePageSchema) },
        },
      },
      async (request) => ok(await pendingCardChargePage(deps.db, {}, request.query)),
    );

    app.post(
      OperatorPath.cardRepaymentReconcile,
      {
        schema: {
          tags: ['operator'],
          summary: 'Asks the provider about one card payment now and settles it once; one no longer charging is answered as it stands',
          params: cardRecordParamsSchema,
          response: { 200: envelopeSchema(cardReconcileOneResultSchema) },
        },
      },
      async (request) => ok(await reconcileCardRepaymentByOperator(deps, request.params.recordNo, actorOf(request))),
    );
  };
}
