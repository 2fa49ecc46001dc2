import {
  envelopeSchema,
  OperatorPath,
  OperatorRoutes,
  orderActionRequestSchema,
  orderSummarySchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutOrderRequestSchema,
  payoutRunResultSchema,
  payoutSandboxRequestSchema,
  payoutViewSchema,
  unmatchedPayoutEventListSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderSummary, summaryProduct } from '../order-desk';
import { productById } from '../products';
import { actorOf } from '../staff';
import type { PayoutDeps } from './payout-deps';
import { disburseNow, driveSandboxPayout, listPayouts, orderPayouts, restateReturnedPayout, retryPayout, unmatchedPayoutEvents } from './payout-operator-service';
import { reconcilePayouts } from './payout-reconciler';
import { sendQueuedPayouts } from './payout-sender';
import { ok } from '../../plugins/envelope';

/** The operator's payouts (docs/decisions/152): the lists, one order's payouts, retry, the sender and the reconciler now, and `order disburse`. */
export function payoutOperatorRoutes(deps: PayoutDeps, options: { sandboxDriving: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.payouts,
      { schema: { tags: ['operator'], summary: 'Payouts: the queue, those needing attention, or those waiting under the daily ceiling', querystring: payoutListQuerySchema, response: { 200: envelopeSchema(payoutListSchema) } } },
      async (request) => ok(await listPayouts(deps, request.query.view)),
    );
    app.get(
      OperatorPath.payout,
      { schema: { tags: ['operator'], summary: "An order's payouts, newest first", params: OperatorRoutes.payout.params, response: { 200: envelopeSchema(payoutListSchema) } } },
      async (request) => ok(await orderPayouts(deps, request.params.orderNo)),
    );
    app.get(
      OperatorPath.payoutEventsUnmatched,
      { schema: { tags: ['operator'], summary: 'Provider notifications about payouts we never made, newest first', response: { 200: envelopeSchema(unmatchedPayoutEventListSchema) } } },
      async () => ok(await unmatchedPayoutEvents(deps)),
    );
    app.post(
      OperatorPath.payoutRetry,
      { schema: { tags: ['operator'], summary: 'Queue a rejected or reversed payout again, to the borrower’s new account', body: payoutOrderRequestSchema, response: { 200: envelopeSchema(payoutViewSchema) } } },
      async (request) => ok(await retryPayout(deps, request.body.orderNo, actorOf(request))),
    );
    app.post(
      OperatorPath.payoutRestate,
      {
        schema: {
          tags: ['operator'],
          summary: 'Restate an order whose payout the bank returned after a repayment: never paid out, what the borrower paid owed back to them',
          body: payoutOrderRequestSchema,
          response: { 200: envelopeSchema(orderSummarySchema) },
        },
      },
      async (request) => {
        const order = await restateReturnedPayout(deps, request.body.orderNo, actorOf(request));
        return ok(orderSummary(order, summaryProduct(await productById(deps.db, order.productId))));
      },
    );
    app.post(
      OperatorPath.payoutsSend,
      { schema: { tags: ['operator'], summary: 'Run the payout sender now', response: { 200: envelopeSchema(payoutRunResultSchema) } } },
      async () => ok(await sendQueuedPayouts(deps)),
    );
    app.post(
      OperatorPath.payoutsReconcile,
      { schema: { tags: ['operator'], summary: 'Ask the providers about payouts left in flight now', response: { 200: envelopeSchema(payoutRunResultSchema) } } },
      async () => ok(await reconcilePayouts(deps)),
    );
    app.post(
      OperatorPath.orderDisburse,
      { schema: { tags: ['operator'], summary: "Send an approved order's payout now; on the sandbox rail it lands at once (151 → 170)", body: orderActionRequestSchema, response: { 200: envelopeSchema(orderSummarySchema) } } },
      async (request) => {
        const order = await disburseNow(deps, request.body.orderNo, actorOf(request));
        request.log.info({ orderNo: order.orderNo, status: order.statusCode }, 'operator disburse');
        return ok(orderSummary(order, summaryProduct(await productById(deps.db, order.productId))));
      },
    );
    if (!options.sandboxDriving) return;
    app.post(
      OperatorPath.payoutSandbox,
      { schema: { tags: ['operator'], summary: "Sandbox rail only: make an order's payout land, be rejected or be reversed", body: payoutSandboxRequestSchema, response: { 200: envelopeSchema(payoutViewSchema) } } },
      async (request) => ok(await driveSandboxPayout(deps, request.body.orderNo, request.body.outcome, request.body.reason, actorOf(request))),
    );
  };
}
