import { cashReconcileResultSchema, envelopeSchema, OperatorPath } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff';
import { reconcileCashPaymentsAskedBy, type CashReconcileDeps } from './cash-reconciler';
import { ok } from '../../plugins/envelope';

/** One pass of the cash reconciler, run now by the lender (docs/decisions/128). */
export function cashReconcileRoutes(deps: CashReconcileDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.cashReconcile,
      {
        schema: {
          tags: ['operator'],
          summary:
            "Asks Stripe and Razorpay for payments of open references (the sandbox's excepted) whose webhook never came and applies them as the webhook would; prints what it did",
          response: { 200: envelopeSchema(cashReconcileResultSchema) },
        },
      },
      async (request) => ok(await reconcileCashPaymentsAskedBy(deps, actorOf(request))),
    );
  };
}
